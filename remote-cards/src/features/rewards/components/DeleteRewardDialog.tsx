import { Button, ButtonRow, Modal, errorMessage, useNotify } from '@loyalty/shared';
import { useDeleteRewardMutation, type Reward } from '../api';
import { deleteQuestion } from '../model/rewardText';

export const REWARD_DELETE_ERROR = "Errore durante l'eliminazione del premio";

/** The delete confirmation: it says before the click whether the reward goes or is archived. */
export function DeleteRewardDialog({ reward, onClose }: { reward: Reward | null; onClose: () => void }) {
  const notify = useNotify();
  const [deleteReward, { isLoading }] = useDeleteRewardMutation();
  const question = reward ? deleteQuestion(reward) : null;

  async function confirm() {
    if (!reward) return;
    try {
      // The server decides (it may have been redeemed since the list loaded) and says which it did.
      const { message } = await deleteReward(reward.id).unwrap();
      notify.success(message);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, REWARD_DELETE_ERROR));
    }
  }

  return (
    <Modal open={reward !== null} onClose={onClose} title={question?.willArchive ? 'Archiviare il premio?' : 'Eliminare il premio?'}>
      {question && (
        <>
          <p>{question.text}</p>
          <ButtonRow>
            <Button variant="secondary" onClick={onClose}>
              Annulla
            </Button>
            <Button variant="danger" onClick={() => void confirm()} loading={isLoading}>
              {question.willArchive ? 'Archivia' : 'Elimina'}
            </Button>
          </ButtonRow>
        </>
      )}
    </Modal>
  );
}
