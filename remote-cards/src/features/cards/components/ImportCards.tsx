import { Button, type DialogCode } from '@loyalty/shared';

/** The import's dialog (its preview, its tables, its mutation): fetched when the button is about to be pressed. */
export const loadImportDialog = () => import('./ImportCardsDialog').then((m) => m.ImportCardsDialog);
export type ImportDialog = DialogCode<Awaited<ReturnType<typeof loadImportDialog>>>;

/**
 * «Importa carte (CSV o Excel)» next to the exports, drawn with the owner's tools (open at once on a wide screen):
 * only the dialog's code waits for a sign of intent (decisions 095 and 113), so nothing moves on the screen when it
 * arrives. The screen owns `importer` (`useDialogCode(loadImportDialog)`) and says a failed fetch.
 */
export function ImportCards({ businessId, importer }: { businessId: string; importer: ImportDialog }) {
  const ImportCardsDialog = importer.component;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void importer.open(true)}
        {...importer.intent}
        aria-haspopup="dialog"
        aria-busy={importer.opening || undefined}
      >
        Importa carte (CSV o Excel)
      </Button>
      {ImportCardsDialog && <ImportCardsDialog businessId={businessId} open={importer.subject !== null} onClose={importer.close} />}
    </>
  );
}
