import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { Button, DEFAULT_QR_POINTS, errorMessage, formatPoints, isAdmin, MESSAGES, Navigate, QueryState, TextField, useAuth, useSearchParams } from '@loyalty/shared';
import { FORM_MESSAGES, qrPoints, z } from '@loyalty/shared/forms';
import { useGetCardQuery, useScanQrCodeMutation } from '../api';
import { ScanButton } from './ScanButton';

export const MISSING_IDS = FORM_MESSAGES.cardOrUserMissing;
export const INVALID_QR_POINTS = FORM_MESSAGES.qrPointsMinimum;

/** SPEC §5 add points via QR link: a number, at least 1 (and the API's limits), default 50. */
const addPointsSchema = z.object({ points: qrPoints });

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

const Footer = styled.div`
  margin-top: ${({ theme }) => theme.space.xl};
`;

type Outcome = { kind: 'success'; message: string; balance: number } | { kind: 'error'; message: string };

function AddPointsForm({ cardId, userId }: { cardId: string; userId: string }) {
  // Mounted anew for another card (its key): the card's first load, never the previous card's holder.
  const cardQuery = useGetCardQuery(cardId);
  const [scan, { isLoading }] = useScanQrCodeMutation();
  const outcomeId = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(addPointsSchema),
    defaultValues: { points: String(DEFAULT_QR_POINTS) },
    reValidateMode: 'onSubmit',
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = handleSubmit(
    async ({ points }) => {
      if (!cardId || !userId) {
        setOutcome({ kind: 'error', message: MISSING_IDS });
        return;
      }
      try {
        const result = await scan({ cardId, userId, points }).unwrap();
        setOutcome({ kind: 'success', message: result.message, balance: result.points });
      } catch (error) {
        setOutcome({ kind: 'error', message: errorMessage(error, MESSAGES.addPointsError) });
      }
    },
    (errors) => setOutcome({ kind: 'error', message: errors.points?.message ?? INVALID_QR_POINTS }),
  );
  const pointsInvalid = formState.errors.points ? { 'aria-invalid': true, 'aria-describedby': outcomeId } : {};

  return (
    <QueryState query={cardQuery} loadingLabel="Caricamento della carta…" errorMessage={(error) => errorMessage(error, MESSAGES.addPointsError)}>
      {(card) => (
        <>
          <Holder>
            <dt>Titolare</dt>
            <dd>{card.customer_name}</dd>
            <dt>Carta</dt>
            <dd>{card.card_number}</dd>
            <dt>Saldo attuale</dt>
            <dd>{formatPoints(card.points)} punti</dd>
          </Holder>
          <Form onSubmit={(event) => void submit(event)} noValidate>
            <TextField label="Punti da aggiungere" type="number" inputMode="decimal" min={1} step="any" required {...pointsInvalid} {...register('points')} />
            <Button type="submit" loading={isLoading} fullWidth>
              Aggiungi punti
            </Button>
          </Form>
          {outcome?.kind === 'success' && (
            <Outcome role="status">
              {outcome.message}. Nuovo saldo: <strong>{formatPoints(outcome.balance)} punti</strong>
            </Outcome>
          )}
          {outcome?.kind === 'error' && (
            <Outcome id={outcomeId} role="alert" $error>
              {outcome.message}
            </Outcome>
          )}
        </>
      )}
    </QueryState>
  );
}

/** `/dashboard/add-points?card_id=…&user_id=…`: what a shop opens by scanning a customer's card. */
export function AddPointsScreen() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const cardId = params.get('card_id')?.trim() ?? '';
  const userId = params.get('user_id')?.trim() ?? '';
  if (!isAdmin(user)) return <Navigate to="/dashboard" replace />;
  if (!cardId || !userId) return <Navigate to="/dashboard" replace />;
  return (
    <Page>
      <h1>Aggiungi punti</h1>
      {/* A new scan opens another card: a fresh form. */}
      <AddPointsForm key={`${cardId}|${userId}`} cardId={cardId} userId={userId} />
      <Footer>
        <ScanButton />
      </Footer>
    </Page>
  );
}
