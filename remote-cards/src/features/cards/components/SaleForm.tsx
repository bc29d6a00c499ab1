import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, Modal, TextField, ButtonRow, StalledNotice, UnsavedChangeNotice, statusOf, useChange } from '@loyalty/shared';
import { formatAmount, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useGetSalePreviewQuery, useRecordSaleMutation, type SalePreview, type SaleResult } from '../api';
import { formatCents } from '../model/money';
import { canonicalAmount, LARGE_SALE_CENTS, parseEuroAmount } from '../model/sale';

export const SALE_ERROR = 'Errore durante la registrazione della vendita. Riprova: la stessa vendita non verrà registrata due volte.';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  input { font-size: 1.25rem; }
`;

/**
 * Under the amount, room for two lines kept from the start: the points it earns and, on a line of their own, the
 * promotions that apply — or what is wrong with the amount (never both). A message appearing when the field loses
 * focus used to push the buttons below down under the pointer, so the click that left the field («Riscatta premio»)
 * landed on nothing; and a points line that wrapped when the preview came in («2.350,00 €: +4.700 punti (Doppi punti
 * oggi)» in the 28rem column) moved «Conferma vendita» while a click was on its way to it: no sale, no question.
 * Each line stays on one line (the promotions cut with «…» past the width, whole for a screen reader and in the
 * tooltip), so nothing here grows.
 */
const Below = styled.div`
  min-height: 3.75rem;
  display: grid;
  align-content: center;
`;

const Earns = styled.p`
  margin: 0;
  font-size: 1.125rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  strong { font-size: 1.5rem; }
`;

const Applied = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow: hidden;
  text-overflow: ellipsis;
`;

const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * The counter's sale (decision 075): for a per-euro shop the amount spent («23,50»), with the points it earns under
 * the rule and the promotions shown before confirming (the server's preview); for a per-visit shop one tap. Each
 * submission carries its own idempotency key, kept while its answer is lost (shared's useChange: «Invia di nuovo»,
 * or the same sale confirmed again): the server records it once. A sale within 60 s of the card's last one asks
 * first, in a dialog; so does an amount from LARGE_SALE_CENTS on, before anything is sent.
 */
/** The second line under the amount: the promotions applied, in brackets, and whether the spend is under the minimum. */
const appliedText = (earning: NonNullable<SalePreview['earning']>) =>
  `${earning.promotions.length > 0 ? ` (${earning.promotions.map((p) => p.name).join(', ')})` : ''}${earning.below_minimum ? ' — sotto la spesa minima' : ''}`;

export function SaleForm({
  cardId,
  mode,
  rule,
  onStart,
  onRecorded,
}: {
  cardId: string;
  mode: LoyaltyMode;
  rule: 'per_euro' | 'per_visit';
  /** A new sale submitted: the page's last outcome is not its answer. */
  onStart?: () => void;
  onRecorded: (result: SaleResult) => void;
}) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  // Typed in since the last sale: only then does leaving the field say what is wrong (not after the focus was put
  // in the emptied field for the next customer).
  const [edited, setEdited] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  // «Importo alto»: the amount asked about, until it is confirmed or corrected.
  const [largeAsked, setLargeAsked] = useState(false);
  const errorId = useId();
  const amountField = useRef<HTMLInputElement>(null);
  const [record] = useRecordSaleMutation();
  const change = useChange<SaleResult>('sale');
  const isLoading = change.busy;

  const parsed = rule === 'per_euro' ? parseEuroAmount(text) : null;
  const amount = parsed && 'cents' in parsed ? canonicalAmount(parsed.cents) : undefined;
  const preview = useGetSalePreviewQuery({ cardId, amount }, { skip: rule === 'per_euro' && amount === undefined, refetchOnMountOrArgChange: true });
  const earning = preview.currentData?.earning;
  const amountError = parsed && 'error' in parsed && (touched || text !== '') ? parsed.error : null;

  async function send(confirm: boolean) {
    if (isLoading) return;
    onStart?.();
    if (rule === 'per_euro' && amount === undefined) {
      setTouched(true);
      return;
    }
    setFailure(null);
    // The same sale (amount, and whether it was confirmed after the 60 s question) keeps its key while its answer is lost.
    await change.submit(`${amount ?? 'visita'}|${confirm}`, (key) => record({ cardId, amount, confirm, key }).unwrap(), (outcome) => {
      if (outcome.ok) {
        setFailure(null);
        setQuestion(null);
        setText('');
        setTouched(false);
        setEdited(false);
        // Ready for the next customer's amount: the emptied field disables «Conferma vendita», which would leave
        // the keyboard on the page.
        amountField.current?.focus();
        onRecorded(outcome.result);
        return;
      }
      if (statusOf(outcome.error) === 409) {
        // Nothing was saved: the sale goes again once confirmed.
        setQuestion(errorMessage(outcome.error, SALE_ERROR));
        return;
      }
      setQuestion(null);
      setFailure(errorMessage(outcome.error, SALE_ERROR));
    });
  }

  const describedBy = [amountError ? errorId : null, failure ? `${errorId}-failure` : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <Form
        aria-label="Vendita"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed && 'cents' in parsed && parsed.cents >= LARGE_SALE_CENTS && !isLoading) setLargeAsked(true);
          else void send(false);
        }}
      >
        {rule === 'per_euro' && (
          <TextField
            ref={amountField}
            label="Importo speso (€)"
            data-main-action
            inputMode="decimal"
            autoComplete="off"
            placeholder="23,50"
            value={text}
            onChange={(event) => {
              // Another amount is another sale (another key).
              setText(event.target.value);
              setEdited(true);
              if (!change.unsaved) setFailure(null);
            }}
            onBlur={() => {
              if (edited) setTouched(true);
            }}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
        <Below>
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
                {(earning.promotions.length > 0 || earning.below_minimum) && (
                  <Applied title={appliedText(earning)}>{appliedText(earning)}</Applied>
                )}
              </>
            )}
          </Earns>
        </Below>
        {/* The skip link's target: the amount where there is one, else the visit's one button. */}
        <Button type="submit" loading={isLoading} fullWidth disabled={rule === 'per_euro' && amount === undefined} data-main-action={rule === 'per_visit' || undefined}>
          {rule === 'per_euro' ? 'Conferma vendita' : 'Registra visita'}
        </Button>
        {change.stalled && <StalledNotice onRetry={change.retry} />}
        {failure &&
          (change.unsaved ? (
            <div id={`${errorId}-failure`}>
              <UnsavedChangeNotice message={failure} onResend={() => void change.resend()} busy={isLoading} />
            </div>
          ) : (
            <FieldError id={`${errorId}-failure`} role="alert">
              {failure}
            </FieldError>
          ))}
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
      <Modal
        open={largeAsked}
        onClose={() => setLargeAsked(false)}
        title="Importo alto"
        footer={
          <ButtonRow>
            <Button
              variant="secondary"
              onClick={() => {
                setLargeAsked(false);
                // After the dialog has given the focus back to «Conferma vendita»: the amount is what to correct.
                setTimeout(() => amountField.current?.focus());
              }}
            >
              Correggi l’importo
            </Button>
            <Button
              onClick={() => {
                setLargeAsked(false);
                void send(false);
              }}
            >
              Sì, registra
            </Button>
          </ButtonRow>
        }
      >
        {parsed && 'cents' in parsed && (
          <p>
            Stai registrando una vendita di <strong>{formatCents(parsed.cents)}</strong>
            {earning && amount !== undefined ? ` (+${formatAmount(earning.points, mode)})` : ''}. L’importo è giusto?
          </p>
        )}
      </Modal>
    </>
  );
}
