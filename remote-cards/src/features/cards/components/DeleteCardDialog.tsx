import { Button, ButtonRow, Modal, type LoyaltyCard } from '@loyalty/shared';
import { formatAmount, type LoyaltyMode } from '../../../shared/loyaltyMode';

export const DELETE_CONFIRMATION = 'Eliminare questa carta?';

/** What goes with the card, said before the click: the customer, the balance and the history. */
export function deleteCardText(card: LoyaltyCard, mode: LoyaltyMode): string {
  return (
    `La carta di ${card.customer_name} (N. ${card.card_number}) sarà eliminata con il saldo di ${formatAmount(card.points, mode)} ` +
    'e lo storico dei movimenti. Non si può annullare.'
  );
}

export interface DeleteCardDialogProps {
  card: LoyaltyCard | null;
  mode: LoyaltyMode;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The product's own confirmation before a card is deleted (not the browser's), naming who and what is lost. */
export function DeleteCardDialog({ card, mode, busy, onConfirm, onClose }: DeleteCardDialogProps) {
  return (
    <Modal open={card !== null} onClose={onClose} title={DELETE_CONFIRMATION}>
      {card && (
        <>
          <p>{deleteCardText(card, mode)}</p>
          <ButtonRow>
            <Button variant="secondary" onClick={onClose}>
              Annulla
            </Button>
            <Button variant="danger" onClick={onConfirm} loading={busy}>
              Elimina carta
            </Button>
          </ButtonRow>
        </>
      )}
    </Modal>
  );
}
