import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Input,
  Link,
  MESSAGES,
  StalledNotice,
  UnsavedChangeNotice,
  errorMessage,
  formatDate,
  formatPhone,
  useChange,
  useNotify,
  type LoyaltyCard,
} from '@loyalty/shared';
import { expiringText, formatAmount, unitTitle, unitWord, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useSendWalletLinksMutation, useUpdatePointsMutation, type PointsResult } from '../api';
import { addPointsRoute } from '../model/cardLink';
import { NO_CONTACT_TEXT, hasContact } from '../model/contact';
import { marketingConsentText } from '../model/marketingConsent';
import type { PointsDraft } from '../model/pointsForm';
import { FORM_RULES_UNAVAILABLE, onDemand } from '../../../shared/onDemand';

export type { PointsDraft };
export const WALLET_LINKS_ERROR = 'Impossibile inviare i link wallet';

/** A phone number is not broken across lines («Tel. 395 / 138 4106» at 360 px). */
const Phone = styled.span`
  white-space: nowrap;
`;

const Row = styled.article`
  position: relative;
  box-sizing: border-box;
  height: 100%;
  overflow: hidden;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

/**
 * The customer's name opens the card's own page, the one its QR opens (the sale, the rewards, the corrections): from
 * the list too, not only with a camera — a customer without the card in hand is found by name.
 */
const CardPageLink = styled(Link)`
  color: inherit;
  text-decoration: underline;
  text-decoration-thickness: 1px;
  text-underline-offset: 0.2em;
  &:hover { text-decoration-thickness: 2px; }
`;

/**
 * A row has the list's fixed height: a notice about its change (late, or not saved) lies over the row's lower part,
 * its actions, which wait for that change anyway, instead of being cut off below it.
 */
const RowNotice = styled.div`
  position: absolute;
  left: ${({ theme }) => theme.space.sm};
  right: ${({ theme }) => theme.space.sm};
  bottom: ${({ theme }) => theme.space.xs};
  z-index: 1;
  box-shadow: 0 2px 8px rgb(15 23 42 / 0.2);
  border-radius: ${({ theme }) => theme.radii.md};
  > * { margin: 0; }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.md}; }
  .points { margin-left: auto; font-weight: ${({ theme }) => theme.fontWeights.bold}; color: ${({ theme }) => theme.colors.primary}; }
`;

const Details = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  span + span::before { content: ' · '; }
  .expiring { color: ${({ theme }) => theme.colors.warning}; }
`;

const Actions = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  input[name='points'] { width: 7rem; }
  /* min-width 0: an input's own width would otherwise push the buttons to another line before the flex basis does. */
  input[name='description'] { flex: 1 1 10rem; width: auto; min-width: 0; }
`;

/**
 * The points rules (shared's form rules, with zod): asked for when a row's form is first focused, not with the
 * screen (decision 107); the first list of cards is drawn without them.
 */
const pointsRules = onDemand(() => import('../model/pointsForm'));

export const EMPTY_DRAFT: PointsDraft = { points: '', description: '' };
const NONE_REFUSED: ReadonlySet<keyof PointsDraft> = new Set();

/** The dialogs a row opens; the screen draws them, their code fetched when one is about to open (decision 113). */
export type CardDialog = 'ledger' | 'redeem' | 'consents' | 'delete';

export interface CardRowProps {
  card: LoyaltyCard;
  onShowLedger: (card: LoyaltyCard) => void;
  /** 'Storico consensi': the screen opens its dialog; no button without it. */
  onShowConsents?: (card: LoyaltyCard) => void;
  /** 'Riscatta premio': the screen opens its dialog. */
  onRedeem: (card: LoyaltyCard) => void;
  /** «Elimina»: the screen asks in its dialog; no button without it (not for the counter's staff: decision 070). */
  onDelete?: (card: LoyaltyCard) => void;
  /** A dialog's button is about to be pressed (the pointer over it, its focus, a touch): the screen fetches its code. */
  onDialogIntent?: (dialog: CardDialog) => void;
  /** This card's dialog whose code is on its way: its button says it is busy (never disabled: it gets the focus back). */
  opening?: CardDialog | null;
  /** Points or stamps (the business's): the words, and whole numbers for stamps. */
  mode: LoyaltyMode;
  /** A wallet is configured, so "Invia link wallet" is offered (to a card with a contact: see model/contact.ts). */
  walletLinks?: boolean;
  /**
   * The row is virtual: it unmounts when scrolled away and is rebuilt when a search's results arrive,
   * so what the user typed lives with the screen, keyed by card, not in the row.
   */
  draft: PointsDraft;
  onDraftChange: (cardId: string, draft: PointsDraft) => void;
}

/**
 * One card of the loyalty cards screen: details, points update, history, delete, and the bonus as the server
 * recorded it: 'Bonus!' for a bonus reached that no WhatsApp announced, "bonus inviato il …" once one was.
 */
export function CardRow({
  card,
  onShowLedger,
  onShowConsents,
  onRedeem,
  onDelete,
  onDialogIntent,
  opening = null,
  mode,
  walletLinks = false,
  draft,
  onDraftChange,
}: CardRowProps) {
  const notify = useNotify();
  const [updatePoints] = useUpdatePointsMutation();
  // A change never lost without a word: confirmed, or «non salvata» with «Invia di nuovo» (its key, counted once).
  const change = useChange<PointsResult>('points');
  const [sendWalletLinks, linksSending] = useSendWalletLinksMutation();
  // Starts from the screen's draft (the row may have been scrolled away and back) and tells it every change.
  // The points update: both fields required, points a number (any decimal, '12,5' too; stamps whole) within the API's
  // limits, checked on submit with the shared rule (decision 101: no form library on the cards screen, as on the
  // counter page, decision 097): the message in the notice, the fields marked until the next submit, the first
  // refused one focused. The rule is asked for when the form is first focused (decision 107), so it is in by the submit.
  const [values, setValues] = useState<PointsDraft>(draft);
  const [refused, setRefused] = useState<ReadonlySet<keyof PointsDraft>>(NONE_REFUSED);
  const fields = { points: useRef<HTMLInputElement>(null), description: useRef<HTMLInputElement>(null) };
  const edit = (field: keyof PointsDraft, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    onDraftChange(card.id, next);
  };
  const invalid = (field: keyof PointsDraft) => (refused.has(field) ? { 'aria-invalid': true } : {});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let rules: Awaited<ReturnType<typeof pointsRules.load>>;
    try {
      rules = await pointsRules.load();
    } catch {
      notify.error(FORM_RULES_UNAVAILABLE);
      return;
    }
    const checked = rules.checkPointsForm(mode, values);
    if (!checked.ok) {
      setRefused(new Set(checked.refused));
      fields[checked.focus].current?.focus();
      notify.error(checked.message);
      return;
    }
    setRefused(NONE_REFUSED);
    if (change.busy) return;
    const { points, description } = checked;
    await change.submit(`${points}|${description}`, (key) => updatePoints({ cardId: card.id, points, description, key }).unwrap(), (outcome) => {
      if (outcome.ok) {
        setValues(EMPTY_DRAFT);
        onDraftChange(card.id, EMPTY_DRAFT);
        notify.success(MESSAGES.pointsUpdated);
      } else if (!outcome.lost) notify.error(errorMessage(outcome.error, MESSAGES.pointsUpdateError));
    });
  };

  /** The API says exactly what happened; a message in the queue is a success, anything else is shown as an error. */
  const sendLinks = async () => {
    try {
      const result = await sendWalletLinks(card.id).unwrap();
      if (result.queued) notify.success(result.message);
      else notify.error(result.message);
    } catch (error) {
      notify.error(errorMessage(error, WALLET_LINKS_ERROR));
    }
  };

  const name = card.customer_name;
  const consent = marketingConsentText(card.marketing_channels);
  // No e-mail nor phone (a customer who erased their data): no action that needs a contact, and a sentence that
  // says why in place of the empty e-mail and phone. Hidden rather than disabled: a disabled button leaves the
  // Tab order and a screen reader announces it dimmed with no reason; the sentence is read with the card.
  const reachable = hasContact(card);
  // A dialog's button: the signs it is about to be pressed, and busy while the dialog's code comes.
  const opens = (dialog: CardDialog) => {
    const intent = () => onDialogIntent?.(dialog);
    return { onPointerEnter: intent, onFocus: intent, onTouchStart: intent, 'aria-haspopup': 'dialog' as const, 'aria-busy': opening === dialog || undefined };
  };
  return (
    <Row aria-label={name}>
      <Top>
        <h2>
          {card.user_id ? (
            <CardPageLink to={addPointsRoute({ cardId: card.id, userId: card.user_id })} title="Apri la pagina della carta: vendita, premi e rettifiche">
              {name}
            </CardPageLink>
          ) : (
            name
          )}
        </h2>
        <span>N. {card.card_number}</span>
        {card.bonus_due && <Badge $tone="success">Bonus!</Badge>}
        <span className="points">{formatAmount(card.points, mode)}</span>
      </Top>
      <Details>
        {reachable ? (
          <>
            <span>{card.email || 'Email —'}</span>
            <Phone>Tel. {formatPhone(card.customer_phone)}</Phone>
          </>
        ) : (
          <span>{NO_CONTACT_TEXT}</span>
        )}
        {(reachable || card.birth_date) && <span>Nascita: {formatDate(card.birth_date)}</span>}
        {consent && <span>{consent}</span>}
        {card.last_bonus_at && <span>bonus inviato il {formatDate(card.last_bonus_at)}</span>}
        {card.expiring_points > 0 && card.expiring_on && <span className="expiring">{expiringText(card.expiring_points, card.expiring_on, mode)}</span>}
      </Details>
      <Actions onFocus={() => void pointsRules.load().catch(() => undefined)} onSubmit={(event) => void submit(event)} aria-label={`Aggiorna ${unitWord(mode)} di ${name}`} noValidate>
        <Input
          inputMode={mode === 'stamps' ? 'numeric' : 'decimal'}
          placeholder={unitTitle(mode)}
          aria-label={`${unitTitle(mode)} per ${name}`}
          name="points"
          ref={fields.points}
          value={values.points}
          onChange={(event) => edit('points', event.target.value)}
          {...invalid('points')}
        />
        <Input
          placeholder="Descrizione"
          aria-label={`Descrizione per ${name}`}
          name="description"
          ref={fields.description}
          value={values.description}
          onChange={(event) => edit('description', event.target.value)}
          {...invalid('description')}
        />
        <Button type="submit" loading={change.busy} aria-label={`Aggiorna ${name}`}>Aggiorna</Button>
        <Button variant="secondary" onClick={() => onRedeem(card)} {...opens('redeem')} aria-label={`Riscatta premio per ${name}`}>Riscatta premio</Button>
        <Button variant="secondary" onClick={() => onShowLedger(card)} {...opens('ledger')} aria-label={`Movimenti di ${name}`}>Movimenti</Button>
        {onShowConsents && (
          <Button variant="secondary" onClick={() => onShowConsents(card)} {...opens('consents')} aria-label={`Storico consensi di ${name}`}>
            Storico consensi
          </Button>
        )}
        {walletLinks && reachable && (
          <Button variant="secondary" onClick={() => void sendLinks()} loading={linksSending.isLoading} aria-label={`Invia link wallet a ${name}`}>
            Invia link wallet
          </Button>
        )}
        {onDelete && (
          <Button variant="danger" onClick={() => onDelete(card)} {...opens('delete')} aria-label={`Elimina ${name}`}>Elimina</Button>
        )}
      </Actions>
      {(change.stalled || (change.unsaved && !change.busy)) && (
        <RowNotice>
          {change.stalled ? <StalledNotice onRetry={change.retry} /> : <UnsavedChangeNotice onResend={() => void change.resend()} />}
        </RowNotice>
      )}
    </Row>
  );
}
