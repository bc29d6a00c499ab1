import { useState } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, ErrorState, NoBusinessState, Spinner, formatCount, formatDateTime, useCurrentBusiness } from '@loyalty/shared';
import { OUTBOX_PAGE_SIZE, useGetOutboxQuery } from './api';
import { CHANNEL_LABELS, recipientLabel, statusLabel } from './outboxLabels';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { padding: ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; vertical-align: top; }
  td:nth-child(4) { white-space: pre-wrap; }
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

/** Issue 17: what the business's messages were, a page at a time from the server; with the outbox driver, what would have gone out. */
export function OutboxScreen() {
  const { business, isLoading: businessesLoading } = useCurrentBusiness();
  const [page, setPage] = useState({ businessId: '', offset: 0 });
  // A switch of business starts again from the first page.
  const offset = page.businessId === business?.id ? page.offset : 0;
  const { currentData: data, isFetching, isError, refetch } = useGetOutboxQuery({ businessId: business?.id ?? '', offset }, { skip: !business });
  const pages = data ? Math.max(1, Math.ceil(data.total / OUTBOX_PAGE_SIZE)) : 1;
  const current = Math.floor(offset / OUTBOX_PAGE_SIZE) + 1;
  const go = (next: number) => business && setPage({ businessId: business.id, offset: next });

  return (
    <div>
      <h1>Outbox</h1>
      <p>I messaggi della tua attività, dal più recente. In modalità prova sono ciò che sarebbe partito: nessuno è stato consegnato.</p>
      {businessesLoading || (isFetching && !data) ? (
        <Spinner label="Caricamento dei messaggi…" />
      ) : !business ? (
        <NoBusinessState />
      ) : isError || !data ? (
        <ErrorState message="Impossibile caricare i messaggi" onRetry={refetch} />
      ) : data.total === 0 ? (
        <EmptyState message="Nessun messaggio" description="I messaggi compaiono qui dopo un invio da Campagne, SMS Facile o un test di connessione." />
      ) : (
        <>
          <Table aria-label="Messaggi">
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Canale</th>
                <th scope="col">Destinatario</th>
                <th scope="col">Testo</th>
                <th scope="col">Stato</th>
              </tr>
            </thead>
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
          <Pager aria-label="Pagine dei messaggi">
            <Button variant="secondary" disabled={current <= 1 || isFetching} onClick={() => go(offset - OUTBOX_PAGE_SIZE)}>
              Precedenti
            </Button>
            <span>
              Pagina {formatCount(current)} di {formatCount(pages)} · {formatCount(data.total)} messaggi
            </span>
            <Button variant="secondary" disabled={current >= pages || isFetching} onClick={() => go(offset + OUTBOX_PAGE_SIZE)}>
              Successivi
            </Button>
          </Pager>
        </>
      )}
    </div>
  );
}
