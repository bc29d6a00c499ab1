import { Button, SCREEN_HEADS, isAdmin, isStaff, useAuth, useNavigate, type DialogCode } from '@loyalty/shared';
import { addPointsRoute } from '../model/cardLink';

/** The scanner's code (its dialog; the camera's library comes later still, when it opens): fetched on intent. */
export const loadScannerDialog = () => import('./QrScannerDialog').then((m) => m.QrScannerDialog);
export type ScannerDialog = DialogCode<Awaited<ReturnType<typeof loadScannerDialog>>>;

/**
 * 'Scansiona': reads a card's QR and opens its add-points page (admins only, like the page). Its label is the cards
 * screen's main action in shared's SCREEN_HEADS, which the shell's frame paints too (decision 094). The screen owns
 * the dialog's code (`useDialogCode(loadScannerDialog)`), so it says a failed fetch where it says the others'.
 */
export function ScanButton({ scanner, describedBy }: { scanner: ScannerDialog; /** The id of a line that says more about the button. */ describedBy?: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!isAdmin(user) && !isStaff(user)) return null;
  const QrScannerDialog = scanner.component;
  return (
    <>
      <Button
        onClick={() => void scanner.open(true)}
        {...scanner.intent}
        aria-haspopup="dialog"
        // Busy, not disabled, while the dialog's code comes: the dialog gives the focus back to it on closing.
        aria-busy={scanner.opening || undefined}
        aria-describedby={describedBy}
      >
        {SCREEN_HEADS.cards.action}
      </Button>
      {QrScannerDialog && (
        <QrScannerDialog
          open={scanner.subject !== null}
          onClose={scanner.close}
          onCard={(card) => {
            scanner.close();
            void navigate(addPointsRoute(card));
          }}
        />
      )}
    </>
  );
}
