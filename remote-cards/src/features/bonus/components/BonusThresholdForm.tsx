import styled from 'styled-components';
import { Button, Modal, TextField, formatCount, type Business } from '@loyalty/shared';
import { loyaltyModeOf, unitWord } from '../../../shared/loyaltyMode';
import { confirmQuestion } from '../model/bonusMessages';
import { useBonusThreshold } from '../hooks/useBonusThreshold';

const Form = styled.form`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  > :first-child { flex: 1 1 8rem; }
  button { margin-top: 1.75rem; }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;

/**
 * The bonus threshold's input, saved on the server; a change that sends messages is confirmed first.
 * Keyed by business and saved threshold, so a switch or a save by anyone starts it from the saved value.
 */
export function BonusThresholdForm({ business }: { business: Pick<Business, 'id' | 'bonus_threshold' | 'loyalty_mode'> }) {
  const threshold = useBonusThreshold(business);
  const unit = unitWord(loyaltyModeOf(business));
  return (
    <>
      <Form onSubmit={(event) => void threshold.submit(event)} aria-label="Soglia bonus" noValidate>
        <TextField
          label={`Soglia bonus (${unit})`}
          // What the server holds, under the field for as long as nothing else is typed: a save says it stuck.
          hint={threshold.changed ? undefined : `Salvata: ${formatCount(threshold.saved)} ${unit}`}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          required
          error={threshold.error}
          {...threshold.field}
        />
        <Button type="submit" variant="secondary" disabled={!threshold.changed} loading={threshold.busy && !threshold.pending}>
          Salva soglia
        </Button>
      </Form>
      <Modal open={threshold.pending !== null} onClose={threshold.cancel} title="Nuova soglia bonus">
        {threshold.pending && (
          <>
            <p>{confirmQuestion(threshold.pending.messages)}</p>
            <Actions>
              <Button variant="secondary" onClick={threshold.cancel}>
                Annulla
              </Button>
              <Button onClick={() => void threshold.confirm()} loading={threshold.busy}>
                Conferma
              </Button>
            </Actions>
          </>
        )}
      </Modal>
    </>
  );
}
