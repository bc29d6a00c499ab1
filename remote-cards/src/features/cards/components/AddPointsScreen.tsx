import { useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  Button,
  DEFAULT_QR_POINTS,
  DIALOG_CODE_FAILED,
  FormAlert,
  errorMessage,
  isAdmin,
  isStaff,
  MESSAGES,
  Navigate,
  QueryState,
  Spinner,
  StalledNotice,
  TextField,
  UnsavedChangeNotice,
  useAuth,
  useChange,
  useDialogCode,
  useSearchParams,
  type DialogCode,
} from '@loyalty/shared';
import { FORM_MESSAGES } from '@loyalty/shared/forms';
import { formatAmount, unitTitle, unitWord, useLoyaltyMode, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useGetCardQuery, useGetSalePreviewQuery, useScanQrCodeMutation, useUpdatePointsMutation, type CardDetail, type PointsResult, type SalePreview } from '../api';
import { addPointsSchema, DEFAULT_QR_STAMPS, pointsFormMessages, pointsFormSchema, STAMP_MESSAGES } from '../model/pointsInput';
import { formatCents } from '../model/money';
import type { RedeemTarget } from './RedeemDialog';
import { SaleForm } from './SaleForm';
import { ScanButton, loadScannerDialog } from './ScanButton';

/** The rewards' dialog: its code comes when «Riscatta premio» is about to be pressed (decisions 095 and 113). */
const loadRedeemDialog = () => import('./RedeemDialog').then((m) => m.RedeemDialog);
type RedeemDialogCode = DialogCode<Awaited<ReturnType<typeof loadRedeemDialog>>, RedeemTarget>;

/** How the card's shop earns points: per euro, per visit, or typed by hand. */
type EarningRule = SalePreview['earning_rule'];

export const MISSING_IDS = FORM_MESSAGES.cardOrUserMissing;
export const INVALID_QR_POINTS = FORM_MESSAGES.qrPointsMinimum;

const Page = styled.div`
  max-width: 28rem;
  margin: 0 auto;
  h1 { margin: 0 0 ${({ theme }) => theme.space.md}; }
`;

const Holder = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  input { font-size: 1.25rem; }
`;

const Outcome = styled.p<{ $error?: boolean }>`
  margin: ${({ theme }) => theme.space.md} 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.success)};
  background: ${({ theme, $error }) => ($error ? theme.colors.dangerSurface : theme.colors.successSurface)};
`;

const Redeem = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
`;

const Adjustment = styled.details`
  margin-top: ${({ theme }) => theme.space.lg};
  summary { cursor: pointer; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  form { margin-top: ${({ theme }) => theme.space.md}; }
`;

const Footer = styled.div`
  margin-top: ${({ theme }) => theme.space.xl};
`;

const ScanHint = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Under «Scansiona» at the counter once a customer has been served on the page (a sale, points, a reward): the next
 * card opened from here is ready in about 0.4 s on a phone (the bench's 4× CPU and mobile network), where a link
 * opened by the phone's camera app loads the whole page again — 2.8–5.9 s in Lighthouse's phone simulation, and never
 * under the 2.1 s of a federated page with nothing in it (decision 103). Not before: it is news only when the next
 * customer comes, and painted with the page it was a large late text (the one run with it had the page's LCP at
 * 3.5–4.1 s in all five loads; runs without it, the frame's heading at ~0.8 s or the card at ~2 s in most).
 */
export const SCAN_HINT = 'Il prossimo cliente? Con «Scansiona» la sua carta si apre qui, senza ricaricare la pagina.';

type Outcome = { kind: 'success'; message: string } | { kind: 'error'; message: string };

/**
 * A points change with its reason (owner and staff), for a shop whose points come from the sale: the manual
 * field kept for corrections.
 */
function AdjustmentForm({
  cardId,
  mode,
  onStart,
  onChanged,
}: {
  cardId: string;
  mode: LoyaltyMode;
  /** A new attempt: the page's last outcome (a sale's) is not its answer. */
  onStart: () => void;
  onChanged: (message: string, balance: number) => void;
}) {
  const [update] = useUpdatePointsMutation();
  const change = useChange<PointsResult>('points');
  const isLoading = change.busy;
  const [points, setPoints] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  async function submit() {
    onStart();
    const parsed = pointsFormSchema(mode).safeParse({ points, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? pointsFormMessages(mode).invalid);
      return;
    }
    if (isLoading) return;
    const { points: amount, description: reason } = parsed.data;
    await change.submit(`${amount}|${reason}`, (key) => update({ cardId, points: amount, description: reason, key }).unwrap(), (outcome) => {
      if (outcome.ok) {
        setPoints('');
        setDescription('');
        setError(null);
        onChanged(outcome.result.message, outcome.result.points);
      } else setError(outcome.lost ? null : errorMessage(outcome.error, MESSAGES.addPointsError));
    });
  }
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <Adjustment>
      <summary>Rettifica {unitWord(mode)}</summary>
      <Form
        aria-label={`Rettifica ${unitWord(mode)}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField label={`${unitTitle(mode)} (negativi per togliere)`} inputMode="decimal" value={points} onChange={(event) => setPoints(event.target.value)} {...invalid} />
        <TextField label="Descrizione" value={description} onChange={(event) => setDescription(event.target.value)} {...invalid} />
        <Button type="submit" variant="secondary" loading={isLoading} fullWidth>
          Salva rettifica
        </Button>
        {change.stalled && <StalledNotice onRetry={change.retry} />}
        {change.unsaved && !isLoading && <UnsavedChangeNotice onResend={() => void change.resend()} />}
        {error && (
          <Outcome id={errorId} role="alert" $error>
            {error}
          </Outcome>
        )}
      </Form>
    </Adjustment>
  );
}

/** What comes under the counter: given whether a change was saved on this page (a customer served). */
type CounterFooter = (served: boolean) => ReactNode;

/**
 * The card's holder and balance, how points are earned and 'Riscatta premio'. A shop with a per-euro or
 * per-visit rule records a sale (SaleForm) and keeps a points field for adjustments; a manual shop types the
 * points: default 50 (SPEC), or 1 stamp. The balance shown is always the server's last answer (earn, adjustment,
 * redemption).
 */
function CardCounter({
  card,
  userId,
  mode,
  rule,
  redeem,
  footer,
}: {
  card: CardDetail;
  userId: string;
  mode: LoyaltyMode;
  rule: EarningRule | undefined;
  redeem: RedeemDialogCode;
  footer: CounterFooter;
}) {
  const [balance, setBalance] = useState<number | null>(null);
  const [served, setServed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeId = useId();
  const RedeemDialog = redeem.component;
  const shownBalance = balance ?? card.points;
  const changed = (message: string, newBalance: number) => {
    setBalance(newBalance);
    setOutcome({ kind: 'success', message });
    setServed(true);
  };
  return (
    <>
      <Holder>
        <dt>Titolare</dt>
        <dd>{card.customer_name}</dd>
        <dt>Carta</dt>
        <dd>{card.card_number}</dd>
        <dt>Saldo attuale</dt>
        <dd data-testid="card-balance">{formatAmount(shownBalance, mode)}</dd>
      </Holder>
      {rule === 'per_euro' || rule === 'per_visit' ? (
        <>
          <SaleForm
            cardId={card.id}
            mode={mode}
            rule={rule}
            onStart={() => setOutcome(null)}
            onRecorded={(result) =>
              changed(
                `${result.message}${result.entry.amount_cents !== null ? ` (${formatCents(result.entry.amount_cents)})` : ''}: +${formatAmount(result.earning.points, mode)}`,
                result.points,
              )
            }
          />
          <AdjustmentForm cardId={card.id} mode={mode} onStart={() => setOutcome(null)} onChanged={changed} />
        </>
      ) : (
        <ManualPointsForm
          card={card}
          userId={userId}
          mode={mode}
          errorId={outcome?.kind === 'error' ? outcomeId : undefined}
          onChanged={changed}
          onError={(message) => setOutcome({ kind: 'error', message })}
        />
      )}
      {outcome?.kind === 'success' && (
        <Outcome role="status">
          {outcome.message}. Nuovo saldo: <strong>{formatAmount(shownBalance, mode)}</strong>
        </Outcome>
      )}
      {outcome?.kind === 'error' && (
        <Outcome id={outcomeId} role="alert" $error>
          {outcome.message}
        </Outcome>
      )}
      <Redeem>
        <Button
          variant="secondary"
          onClick={() => void redeem.open(card)}
          {...redeem.intent}
          aria-haspopup="dialog"
          aria-busy={redeem.opening !== null || undefined}
          fullWidth
        >
          Riscatta premio
        </Button>
      </Redeem>
      {RedeemDialog && <RedeemDialog card={redeem.subject} onClose={redeem.close} onRedeemed={(newBalance) => changed('Premio riscattato', newBalance)} />}
      {footer(served)}
    </>
  );
}

/**
 * The manual shop's QR form: points (default 50) or stamps (default 1) added at once. One field checked on submit
 * with shared's rule, as the adjustment above: no react-hook-form on the counter page (decision 097), whose form
 * library and resolver (19.6 KB transferred) were fetched for this one field and the scanner's link.
 */
function ManualPointsForm({
  card,
  userId,
  mode,
  errorId,
  onChanged,
  onError,
}: {
  card: CardDetail;
  userId: string;
  mode: LoyaltyMode;
  /** The page's error message, which an invalid field is described by. */
  errorId: string | undefined;
  onChanged: (message: string, balance: number) => void;
  onError: (message: string) => void;
}) {
  const [scan] = useScanQrCodeMutation();
  const change = useChange<PointsResult>('points');
  const isLoading = change.busy;
  const [value, setValue] = useState(String(mode === 'stamps' ? DEFAULT_QR_STAMPS : DEFAULT_QR_POINTS));
  // Checked again on submit only: the page's one alert is not announced anew at each key.
  const [invalid, setInvalid] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  async function submit() {
    const parsed = addPointsSchema(mode).safeParse({ points: value });
    if (!parsed.success) {
      setInvalid(true);
      field.current?.focus();
      onError(parsed.error.issues[0]?.message ?? (mode === 'stamps' ? STAMP_MESSAGES.qrMinimum : INVALID_QR_POINTS));
      return;
    }
    setInvalid(false);
    if (!card.id || !userId) {
      onError(MISSING_IDS);
      return;
    }
    if (isLoading) return;
    const { points } = parsed.data;
    await change.submit(String(points), (key) => scan({ cardId: card.id, userId, points, key }).unwrap(), (outcome) => {
      if (outcome.ok) onChanged(outcome.result.message, outcome.result.points);
      else if (!outcome.lost) onError(errorMessage(outcome.error, MESSAGES.addPointsError));
    });
  }
  const pointsInvalid = invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <TextField
        ref={field}
        label={`${unitTitle(mode)} da aggiungere`}
        data-main-action
        type="number"
        inputMode={mode === 'stamps' ? 'numeric' : 'decimal'}
        min={1}
        step={mode === 'stamps' ? 1 : 'any'}
        required
        {...pointsInvalid}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" loading={isLoading} fullWidth>
        Aggiungi {unitWord(mode)}
      </Button>
      {change.stalled && <StalledNotice onRetry={change.retry} />}
      {change.unsaved && !isLoading && <UnsavedChangeNotice onResend={() => void change.resend()} />}
    </Form>
  );
}

/** 'Aggiungi punti', or 'Aggiungi timbri' once the card's business is known to count stamps. */
function Title({ cardId }: { cardId: string }) {
  // `currentData`: this card's, never the previous card's while a new scan loads.
  const { currentData: card } = useGetCardQuery(cardId);
  const { mode } = useLoyaltyMode(card?.business_id);
  return <h1>Aggiungi {unitWord(mode)}</h1>;
}

/** The card a link names, and its business's mode, before the form that depends on both. */
function CardByLink({ cardId, userId, redeem, footer }: { cardId: string; userId: string; redeem: RedeemDialogCode; footer: CounterFooter }) {
  // Mounted anew for another card (its key): the card's first load, never the previous card's holder.
  const cardQuery = useGetCardQuery(cardId);
  // How the card's shop earns points (the preview without an amount) needs only the card's id: asked with the card,
  // not once the card is in, so the counter is ready one round trip sooner on a phone's network.
  const rulePreview = useGetSalePreviewQuery({ cardId }, { refetchOnMountOrArgChange: true });
  return (
    <>
      <QueryState query={cardQuery} loadingLabel="Caricamento della carta…" errorMessage={(error) => errorMessage(error, MESSAGES.addPointsError)}>
        {(card) => (
          <CardWithMode
            card={card}
            userId={userId}
            rule={rulePreview.currentData?.earning_rule}
            ruleLoading={rulePreview.isLoading}
            redeem={redeem}
            footer={footer}
          />
        )}
      </QueryState>
      {cardQuery.isError && cardQuery.data === undefined && footer(false)}
    </>
  );
}

function CardWithMode({
  card,
  userId,
  rule,
  ruleLoading,
  redeem,
  footer,
}: {
  card: CardDetail;
  userId: string;
  /** The shop's earning rule; undefined when the preview could not be had (the manual form, as for a manual shop). */
  rule: EarningRule | undefined;
  ruleLoading: boolean;
  redeem: RedeemDialogCode;
  footer: CounterFooter;
}) {
  const { mode, isLoading } = useLoyaltyMode(card.business_id);
  if (isLoading || ruleLoading) return <Spinner label="Caricamento della carta…" />;
  return <CardCounter key={mode} card={card} userId={userId} mode={mode} rule={rule} redeem={redeem} footer={footer} />;
}

/** `/dashboard/add-points?card_id=…&user_id=…`: what a shop opens by scanning a customer's card. */
export function AddPointsScreen() {
  const { user } = useAuth();
  const scanHintId = useId();
  const [params] = useSearchParams();
  const cardId = params.get('card_id')?.trim() ?? '';
  const userId = params.get('user_id')?.trim() ?? '';
  // The page's two dialogs, their code fetched on intent; a failed fetch on a tap is said under the title.
  const scanner = useDialogCode(loadScannerDialog);
  const redeem = useDialogCode<Awaited<ReturnType<typeof loadRedeemDialog>>, RedeemTarget>(loadRedeemDialog);
  if (!isAdmin(user) && !isStaff(user)) return <Navigate to="/dashboard" replace />;
  if (!cardId || !userId) return <Navigate to="/dashboard" replace />;
  return (
    <Page>
      <Title cardId={cardId} />
      {(scanner.failed || redeem.failed) && <FormAlert role="alert">{DIALOG_CODE_FAILED}</FormAlert>}
      {/* A new scan opens another card: a fresh form. «Scansiona» comes under the card once it is shown (or could not
          be): placed under the loading spinner, it would jump down when the card's form replaces it. */}
      <CardByLink
        key={`${cardId}|${userId}`}
        cardId={cardId}
        userId={userId}
        redeem={redeem}
        footer={(served) => (
          <Footer>
            <ScanButton scanner={scanner} describedBy={served ? scanHintId : undefined} />
            {served && <ScanHint id={scanHintId}>{SCAN_HINT}</ScanHint>}
          </Footer>
        )}
      />
    </Page>
  );
}
