import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Checkbox,
  Modal,
  QueryState,
  errorMessage,
  formatDate,
  formatDateTime,
  isAdmin,
  useAuth,
  type LoyaltyCard,
} from '@loyalty/shared';
import type { ConsentEvent } from '../api';
import { useGetCardConsentsQuery, useSetMarketingConsentMutation } from '../dialogApi';
import { consentEventText, givenOnADay } from '../model/consentEvent';
import { CHANNEL_NAMES } from '../model/marketingConsent';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { padding: ${({ theme }) => theme.space.xs} 0; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  time { font-variant-numeric: tabular-nums; }
`;

const Editor = styled.form`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding-bottom: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 { margin: 0 0 ${({ theme }) => theme.space.xs}; font-size: ${({ theme }) => theme.fontSizes.md}; }
  fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.md}; }
  legend { padding: 0; margin-bottom: ${({ theme }) => theme.space.xs}; }
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.sm};
`;

const Failure = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.colors.danger};
`;

type Channel = keyof typeof CHANNEL_NAMES;
/** The order the counter's boxes are shown in (as the signup form asks). */
const COUNTER_CHANNELS: Channel[] = ['email', 'sms', 'whatsapp'];

export const CONSENT_SAVE_ERROR = 'Non è stato possibile salvare i consensi. Riprova tra poco.';

/** 'Consensi salvati (concesso o rinnovato: Email, SMS; revocato: WhatsApp).' — what a save changed, in Italian. */
function changeText(granted: Channel[], withdrawn: Channel[]): string {
  const names = (channels: Channel[]) => channels.map((channel) => CHANNEL_NAMES[channel]).join(', ');
  const parts = [
    granted.length > 0 ? `concesso o rinnovato: ${names(granted)}` : null,
    withdrawn.length > 0 ? `revocato: ${names(withdrawn)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Consensi salvati (${parts.join('; ')}).` : 'Consensi salvati: nessuna modifica.';
}

/**
 * What the customer asked at the counter, recorded by an admin (source 'admin', with
 * their name): the channels they agree to now, and whether they confirmed the ones already given (a renewal:
 * 24 new months). The history below refreshes with the new rows.
 */
function ConsentEditor({ card }: { card: LoyaltyCard }) {
  const headingId = useId();
  const [channels, setChannels] = useState<Channel[]>(() => [...(card.marketing_channels ?? [])]);
  const [renew, setRenew] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [save, { isLoading }] = useSetMarketingConsentMutation();

  function toggle(channel: Channel, checked: boolean) {
    setStatus(null);
    setChannels((current) => (checked ? [...current.filter((c) => c !== channel), channel] : current.filter((c) => c !== channel)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus(null);
    setFailure(null);
    try {
      const result = await save({ cardId: card.id, marketing_channels: channels, renew }).unwrap();
      setStatus(changeText(result.granted, result.withdrawn));
      setRenew(false);
    } catch (error) {
      setFailure(errorMessage(error, CONSENT_SAVE_ERROR));
    }
  }

  return (
    <Editor aria-labelledby={headingId} onSubmit={(event) => void submit(event)} noValidate>
      <h3 id={headingId}>Modifica consensi</h3>
      <Hint>Registra ciò che il cliente chiede in negozio: i canali su cui accetta ora offerte e novità. Verrà registrato a tuo nome.</Hint>
      <fieldset>
        <legend>Consenso marketing</legend>
        {COUNTER_CHANNELS.map((channel) => (
          <Checkbox
            key={channel}
            label={CHANNEL_NAMES[channel]}
            checked={channels.includes(channel)}
            onChange={(event) => toggle(channel, event.target.checked)}
            disabled={isLoading}
          />
        ))}
      </fieldset>
      <Row>
        <Checkbox
          label="Rinnova i consensi già dati (il cliente li conferma: ripartono i 24 mesi)"
          checked={renew}
          onChange={(event) => setRenew(event.target.checked)}
          disabled={isLoading}
        />
        <Button type="submit" loading={isLoading}>
          Salva consensi
        </Button>
      </Row>
      <Hint role="status">{status}</Hint>
      {failure && <Failure role="alert">{failure}</Failure>}
    </Editor>
  );
}

/** The date of an event: for an import, the day it was given and when it was recorded (decision 050). */
function EventDate({ event }: { event: ConsentEvent }) {
  if (!givenOnADay(event)) return <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time>;
  return (
    <>
      <time dateTime={event.occurred_at.slice(0, 10)}>{formatDate(event.occurred_at)}</time>
      {event.recorded_at && (
        <>
          {' '}(registrato il <time dateTime={event.recorded_at}>{formatDateTime(event.recorded_at)}</time>)
        </>
      )}
    </>
  );
}

function ConsentList({ cardId }: { cardId: string }) {
  const query = useGetCardConsentsQuery(cardId);
  return (
    <QueryState
      query={query}
      loadingLabel="Caricamento dello storico consensi…"
      errorMessage={(error) => errorMessage(error, 'Errore durante il caricamento dello storico consensi')}
      empty={{
        message: 'Nessun consenso registrato',
        description: 'L’informativa privacy accettata all’adesione e i consensi marketing per canale, con le revoche e le scadenze, compariranno qui.',
      }}
    >
      {(events) => (
        <List aria-label="Consensi, dal più recente">
          {events.map((event) => (
            <li key={event.id}>
              <EventDate event={event} /> — {consentEventText(event)}
            </li>
          ))}
        </List>
      )}
    </QueryState>
  );
}

/**
 * A card's consent history (decisions 047, 050), newest first, in Italian; above it, for the admins
 * who may record it (the route's rule: admin of the card's shop, super admin), the customer's request at the counter.
 */
export function ConsentHistoryDialog({ card, onClose }: { card: LoyaltyCard | null; onClose: () => void }) {
  const { user } = useAuth();
  return (
    <Modal open={card !== null} onClose={onClose} title={card ? `Storico consensi di ${card.customer_name}` : ''}>
      {/* Keyed by card (another card starts afresh), each under a name of its own: siblings with one key are one
          element to React, which warned at every opening. */}
      {card && isAdmin(user) && <ConsentEditor key={`editor-${card.id}`} card={card} />}
      {card && <ConsentList key={`list-${card.id}`} cardId={card.id} />}
    </Modal>
  );
}
