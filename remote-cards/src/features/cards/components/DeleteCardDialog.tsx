import { Button, ButtonRow, MESSAGES, Modal, errorMessage, useNotify, type LoyaltyCard } from '@loyalty/shared';
import { formatAmount, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useDeleteCardMutation } from '../dialogApi';

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
  onClose: () => void;
  /** After the card is deleted: its row, whose «Elimina» opened the dialog, goes, and the focus with it. */
  onDeleted?: () => void;
}

/**
 * The product's own confirmation before a card is deleted (not the browser's), naming who and what is lost; it
 * deletes the card and says so. Its code comes when «Elimina» is about to be pressed (decisions 095 and 113).
 */
export function DeleteCardDialog({ card, mode, onClose, onDeleted }: DeleteCardDialogProps) {
  const notify = useNotify();
  const [deleteCard, removal] = useDeleteCardMutation();
  const remove = async (doomed: LoyaltyCard) => {
    try {
      await deleteCard(doomed.id).unwrap();
      onClose();
      onDeleted?.();
      notify.success(MESSAGES.cardDeleted);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.cardDeleteError));
    }
  };
  return (
    <Modal open={card !== null} onClose={onClose} title={DELETE_CONFIRMATION}>
      {card && (
        <>
          <p>{deleteCardText(card, mode)}</p>
          <ButtonRow>
            <Button variant="secondary" onClick={onClose}>
              Annulla
            </Button>
            <Button variant="danger" onClick={() => void remove(card)} loading={removal.isLoading}>
              Elimina carta
            </Button>
          </ButtonRow>
        </>
      )}
    </Modal>
  );
}
