import { useEffect, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { Button, NoBusinessState, QueryState, Spinner, TableHead, TableScroll, formatCount, formatDateTime, useCurrentBusiness } from '@loyalty/shared';
import { OUTBOX_PAGE_SIZE, useGetOutboxQuery } from '../api';
import { CHANNEL_LABELS, recipientLabel, statusLabel } from '../model/outboxLabels';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { padding: ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; vertical-align: top; }
  /* A message may carry a long link (a Google Wallet save link is ~1 500 characters): 'anywhere' lets it break, so the table keeps to the screen. */
  td:nth-child(4) { white-space: pre-wrap; overflow-wrap: anywhere; }
  td:nth-child(3) { overflow-wrap: anywhere; }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

const NO_MESSAGES = { message: 'Nessun messaggio', description: 'I messaggi compaiono qui dopo un invio da Campagne, SMS Facile o un test di connessione.' };

type PagerButton = 'previous' | 'next';

/** Puts the keyboard back on the pager button pressed (or the other one, when that is now disabled) as the page shows. */
function FocusOnShow({ focus, previous, next }: { focus: PagerButton | null; previous: RefObject<HTMLButtonElement | null>; next: RefObject<HTMLButtonElement | null> }) {
  useEffect(() => {
    if (focus === null) return;
    const [wanted, other] = focus === 'next' ? [next.current, previous.current] : [previous.current, next.current];
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focus, previous, next]);
  return null;
}

/**
 * One page of one business's messages; another page or business is mounted anew (its first load). `focus`: the
 * pager button pressed to come here. The page it was on unmounted with it, so the browser left the keyboard on the
 * page's top: once this page is in, the focus goes back to that button, or to the other one when it is the last
 * (or first) page.
 */
function OutboxPage({ businessId, offset, focus, onGo }: { businessId: string; offset: number; focus: PagerButton | null; onGo: (offset: number, pressed: PagerButton) => void }) {
  const query = useGetOutboxQuery({ businessId, offset });
  const current = Math.floor(offset / OUTBOX_PAGE_SIZE) + 1;
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  return (
    <QueryState query={query} loadingLabel="Caricamento dei messaggi…" errorMessage="Impossibile caricare i messaggi" isEmpty={(data) => data.total === 0} empty={NO_MESSAGES}>
      {(data) => {
        const pages = Math.max(1, Math.ceil(data.total / OUTBOX_PAGE_SIZE));
        return (
          <>
            <TableScroll label="Tabella dei messaggi" minWidth="40rem">
            <Table aria-label="Messaggi">
              <TableHead columns={['Data', 'Canale', 'Destinatario', 'Testo', 'Stato']} />
              <tbody>
                {data.messages.map((message) => (
                  <tr key={message.id}>
                    <td>{formatDateTime(message.created_at)}</td>
                    <td>{CHANNEL_LABELS[message.channel]}</td>
                    <td>{recipientLabel(message)}</td>
                    <td>{message.body}</td>
                    <td>{statusLabel(message)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            </TableScroll>
            {/* Once the page is drawn (QueryState draws an answer a render after it comes: decision 105). */}
            <FocusOnShow focus={focus} previous={previous} next={next} />
            <Pager aria-label="Pagine dei messaggi">
              <Button ref={previous} variant="secondary" disabled={current <= 1 || query.isFetching} onClick={() => onGo(offset - OUTBOX_PAGE_SIZE, 'previous')}>
                Precedenti
              </Button>
              <span>
                Pagina {formatCount(current)} di {formatCount(pages)} · {formatCount(data.total, { one: 'messaggio', other: 'messaggi' })}
              </span>
              <Button ref={next} variant="secondary" disabled={current >= pages || query.isFetching} onClick={() => onGo(offset + OUTBOX_PAGE_SIZE, 'next')}>
                Successivi
              </Button>
            </Pager>
          </>
        );
      }}
    </QueryState>
  );
}

/** What the business's messages were, a page at a time from the server; with the outbox driver, what would have gone out. */
export function OutboxScreen() {
  const { business, isLoading: businessesLoading } = useCurrentBusiness();
  const [page, setPage] = useState<{ businessId: string; offset: number; pressed: PagerButton | null }>({ businessId: '', offset: 0, pressed: null });
  // A switch of business starts again from the first page (and leaves the focus where it is).
  const same = page.businessId === business?.id;
  const offset = same ? page.offset : 0;

  return (
    <div>
      <h1>Posta in uscita</h1>
      <p>I messaggi della tua attività, dal più recente. In modalità prova sono ciò che sarebbe partito: nessuno è stato consegnato.</p>
      {businessesLoading ? (
        <Spinner label="Caricamento dei messaggi…" />
      ) : !business ? (
        <NoBusinessState />
      ) : (
        <OutboxPage
          key={`${business.id}:${offset}`}
          businessId={business.id}
          offset={offset}
          focus={same ? page.pressed : null}
          onGo={(next, pressed) => setPage({ businessId: business.id, offset: next, pressed })}
        />
      )}
    </div>
  );
}
