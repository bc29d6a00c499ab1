import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, Modal, TextField, ButtonRow } from '@loyalty/shared';
import { formatAmount, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useGetSalePreviewQuery, useRecordSaleMutation, type SaleResult } from '../api';
import { canonicalAmount, formatCents, newSaleKey, parseEuroAmount } from '../model/sale';

export const SALE_ERROR = 'Errore durante la registrazione della vendita. Riprova: la stessa vendita non verrà registrata due volte.';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  input { font-size: 1.25rem; }
`;

const Earns = styled.p`
  margin: 0;
  min-height: 1.5em;
  font-size: 1.125rem;
  strong { font-size: 1.5rem; }
`;

const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/** `HttpError`-like answer of RTK Query: its status, when it has one. */
const statusOf = (error: unknown) => (typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined);

/**
 * The counter's sale (decision 075): for a per-euro shop the amount spent («23,50»), with the points it earns under
 * the rule and the promotions shown before confirming (the server's preview); for a per-visit shop one tap. Each
 * submission carries its own idempotency key, kept across the retries of that submission (a timeout, a double
 * tap): the server records it once. A sale within 60 s of the card's last one asks first, in a dialog.
 */
export function SaleForm({
  cardId,
  mode,
  rule,
  onRecorded,
}: {
  cardId: string;
  mode: LoyaltyMode;
  rule: 'per_euro' | 'per_visit';
  onRecorded: (result: SaleResult) => void;
}) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const errorId = useId();
  const [record, { isLoading }] = useRecordSaleMutation();

  const parsed = rule === 'per_euro' ? parseEuroAmount(text) : null;
  const amount = parsed && 'cents' in parsed ? canonicalAmount(parsed.cents) : undefined;
  const preview = useGetSalePreviewQuery({ cardId, amount }, { skip: rule === 'per_euro' && amount === undefined, refetchOnMountOrArgChange: true });
  const earning = preview.currentData?.earning;
  const amountError = parsed && 'error' in parsed && (touched || text !== '') ? parsed.error : null;

  async function send(confirm: boolean) {
    if (isLoading) return;
    if (rule === 'per_euro' && amount === undefined) {
      setTouched(true);
      return;
    }
    // One key per submission: a retry of this one (after a timeout) sends the same.
    key.current ??= newSaleKey();
    setFailure(null);
    try {
      const result = await record({ cardId, amount, confirm, key: key.current }).unwrap();
      key.current = null;
      setQuestion(null);
      setText('');
      setTouched(false);
      onRecorded(result);
    } catch (error) {
      if (statusOf(error) === 409) {
        // Nothing was saved: the same submission goes again once confirmed.
        setQuestion(errorMessage(error, SALE_ERROR));
        return;
      }
      // A refusal (400) saved nothing and ends this submission; a lost answer keeps the key for the retry.
      if (typeof statusOf(error) === 'number') key.current = null;
      setQuestion(null);
      setFailure(errorMessage(error, SALE_ERROR));
    }
  }

  const describedBy = [amountError ? errorId : null, failure ? `${errorId}-failure` : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <Form
        aria-label="Vendita"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send(false);
        }}
      >
        {rule === 'per_euro' && (
          <TextField
            label="Importo speso (€)"
            data-main-action
            inputMode="decimal"
            autoComplete="off"
            placeholder="23,50"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              // Another amount is another submission.
              key.current = null;
              setFailure(null);
            }}
            onBlur={() => setTouched(true)}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
        {amountError && (
          <FieldError id={errorId} role="alert">
            {amountError}
          </FieldError>
        )}
        <Earns role="status" aria-live="polite">
          {earning && (rule === 'per_visit' || amount !== undefined) && (
            <>
              {rule === 'per_euro' && parsed && 'cents' in parsed ? `${formatCents(parsed.cents)}: ` : 'Visita: '}
              <strong>+{formatAmount(earning.points, mode)}</strong>
              {earning.promotions.length > 0 && ` (${earning.promotions.map((p) => p.name).join(', ')})`}
              {earning.below_minimum && ' — sotto la spesa minima'}
            </>
          )}
        </Earns>
        {/* The skip link's target: the amount where there is one, else the visit's one button. */}
        <Button type="submit" loading={isLoading} fullWidth disabled={rule === 'per_euro' && amount === undefined} data-main-action={rule === 'per_visit' || undefined}>
          {rule === 'per_euro' ? 'Conferma vendita' : 'Registra visita'}
        </Button>
        {failure && (
          <FieldError id={`${errorId}-failure`} role="alert">
            {failure}
          </FieldError>
        )}
      </Form>
      <Modal
        open={question !== null}
        onClose={() => setQuestion(null)}
        title="Vendita appena registrata"
        footer={
          <ButtonRow>
            <Button variant="secondary" onClick={() => setQuestion(null)}>
              Annulla
            </Button>
            <Button loading={isLoading} onClick={() => void send(true)}>
              Registra un’altra vendita
            </Button>
          </ButtonRow>
        }
      >
        <p>{question}</p>
      </Modal>
    </>
  );
}
