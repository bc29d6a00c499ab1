import { useState } from 'react';
import { Button, SCREEN_HEADS, isAdmin, isStaff, useAuth, useNavigate } from '@loyalty/shared';
import { addPointsRoute } from '../model/cardLink';
import { QrScannerDialog } from './QrScannerDialog';

/**
 * 'Scansiona': reads a card's QR and opens its add-points page (admins only, like the page). Its label is the cards
 * screen's main action in shared's SCREEN_HEADS, which the shell's frame paints too (decision 094).
 */
export function ScanButton({ describedBy }: { /** The id of a line that says more about the button. */ describedBy?: string } = {}) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!isAdmin(user) && !isStaff(user)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-describedby={describedBy}>
        {SCREEN_HEADS.cards.action}
      </Button>
      <QrScannerDialog
        open={open}
        onClose={() => setOpen(false)}
        onCard={(card) => {
          setOpen(false);
          void navigate(addPointsRoute(card));
        }}
      />
    </>
  );
}
