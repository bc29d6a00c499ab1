import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { Button, DEFAULT_QR_POINTS, errorMessage, isAdmin, isStaff, MESSAGES, Navigate, QueryState, Spinner, TextField, useAuth, useSearchParams } from '@loyalty/shared';
import { FORM_MESSAGES } from '@loyalty/shared/forms';
import { formatAmount, unitTitle, unitWord, useLoyaltyMode, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useGetCardQuery, useScanQrCodeMutation, type CardDetail } from '../api';
import { addPointsSchema, DEFAULT_QR_STAMPS, STAMP_MESSAGES } from '../model/pointsInput';
import { RedeemDialog } from './RedeemDialog';
import { ScanButton } from './ScanButton';

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

const Footer = styled.div`
  margin-top: ${({ theme }) => theme.space.xl};
`;

type Outcome = { kind: 'success'; message: string; balance: number } | { kind: 'error'; message: string };

/**
 * The card's holder and balance, the points form and 'Riscatta premio'. The amount follows the card's business:
 * points (default 50, decimals) or stamps (default 1, whole numbers).
 */
function CardCounter({ card, userId, mode }: { card: CardDetail; userId: string; mode: LoyaltyMode }) {
  const [scan, { isLoading }] = useScanQrCodeMutation();
  const outcomeId = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(addPointsSchema(mode)),
    defaultValues: { points: String(mode === 'stamps' ? DEFAULT_QR_STAMPS : DEFAULT_QR_POINTS) },
    reValidateMode: 'onSubmit',
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [redeeming, setRedeeming] = useState(false);

  const submit = handleSubmit(
    async ({ points }) => {
      if (!card.id || !userId) {
        setOutcome({ kind: 'error', message: MISSING_IDS });
        return;
      }
      try {
        const result = await scan({ cardId: card.id, userId, points }).unwrap();
        setOutcome({ kind: 'success', message: result.message, balance: result.points });
      } catch (error) {
        setOutcome({ kind: 'error', message: errorMessage(error, MESSAGES.addPointsError) });
      }
    },
    (errors) => setOutcome({ kind: 'error', message: errors.points?.message ?? (mode === 'stamps' ? STAMP_MESSAGES.qrMinimum : INVALID_QR_POINTS) }),
  );
  const pointsInvalid = formState.errors.points ? { 'aria-invalid': true, 'aria-describedby': outcomeId } : {};

  return (
    <>
      <Holder>
        <dt>Titolare</dt>
        <dd>{card.customer_name}</dd>
        <dt>Carta</dt>
        <dd>{card.card_number}</dd>
        <dt>Saldo attuale</dt>
        <dd>{formatAmount(card.points, mode)}</dd>
      </Holder>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={`${unitTitle(mode)} da aggiungere`}
          type="number"
          inputMode={mode === 'stamps' ? 'numeric' : 'decimal'}
          min={1}
          step={mode === 'stamps' ? 1 : 'any'}
          required
          {...pointsInvalid}
          {...register('points')}
        />
        <Button type="submit" loading={isLoading} fullWidth>
          Aggiungi {unitWord(mode)}
        </Button>
      </Form>
      {outcome?.kind === 'success' && (
        <Outcome role="status">
          {outcome.message}. Nuovo saldo: <strong>{formatAmount(outcome.balance, mode)}</strong>
        </Outcome>
      )}
      {outcome?.kind === 'error' && (
        <Outcome id={outcomeId} role="alert" $error>
          {outcome.message}
        </Outcome>
      )}
      <Redeem>
        <Button variant="secondary" onClick={() => setRedeeming(true)} fullWidth>
          Riscatta premio
        </Button>
      </Redeem>
      <RedeemDialog card={redeeming ? card : null} onClose={() => setRedeeming(false)} />
    </>
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
function CardByLink({ cardId, userId }: { cardId: string; userId: string }) {
  // Mounted anew for another card (its key): the card's first load, never the previous card's holder.
  const cardQuery = useGetCardQuery(cardId);
  return (
    <QueryState query={cardQuery} loadingLabel="Caricamento della carta…" errorMessage={(error) => errorMessage(error, MESSAGES.addPointsError)}>
      {(card) => <CardWithMode card={card} userId={userId} />}
    </QueryState>
  );
}

function CardWithMode({ card, userId }: { card: CardDetail; userId: string }) {
  const { mode, isLoading } = useLoyaltyMode(card.business_id);
  if (isLoading) return <Spinner label="Caricamento della carta…" />;
  return <CardCounter key={mode} card={card} userId={userId} mode={mode} />;
}

/** `/dashboard/add-points?card_id=…&user_id=…`: what a shop opens by scanning a customer's card. */
export function AddPointsScreen() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const cardId = params.get('card_id')?.trim() ?? '';
  const userId = params.get('user_id')?.trim() ?? '';
  if (!isAdmin(user) && !isStaff(user)) return <Navigate to="/dashboard" replace />;
  if (!cardId || !userId) return <Navigate to="/dashboard" replace />;
  return (
    <Page>
      <Title cardId={cardId} />
      {/* A new scan opens another card: a fresh form. */}
      <CardByLink key={`${cardId}|${userId}`} cardId={cardId} userId={userId} />
      <Footer>
        <ScanButton />
      </Footer>
    </Page>
  );
}
