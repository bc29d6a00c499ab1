import { useState } from 'react';
import { Button, isAdmin, isStaff, useAuth, useNavigate } from '@loyalty/shared';
import { addPointsRoute } from '../model/cardLink';
import { QrScannerDialog } from './QrScannerDialog';

/** 'Scansiona': reads a card's QR and opens its add-points page (admins only, like the page). */
export function ScanButton() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!isAdmin(user) && !isStaff(user)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Scansiona</Button>
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
