import { QuerySection, TableHead, TableScroll, formatDateTime } from '@loyalty/shared';
import { Table } from '../../../shared/layout';
import { useGetAccountsAuditQuery, type AuditEvent } from '../api';
import { AUDIT_ACTION_LABELS, auditActor, auditDetail } from '../model/accountChange';

export const AUDIT_LOAD_ERROR = 'Errore nel caricamento del registro delle modifiche';

function AuditTable({ events }: { events: readonly AuditEvent[] }) {
  return (
    <TableScroll label="Tabella del registro delle modifiche">
      <Table>
        <caption>Registro delle modifiche agli utenti</caption>
        <TableHead columns={['Quando', 'Chi', 'Azione', 'Utente', 'Dettaglio']} />
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td>{formatDateTime(event.at)}</td>
              <td>{auditActor(event)}</td>
              <td>{AUDIT_ACTION_LABELS[event.action]}</td>
              <td>{event.target_email}</td>
              <td>{auditDetail(event)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/** Decision 078: who changed which user, what and when — the super admin's list (the newest 200). */
export function AuditSection() {
  const query = useGetAccountsAuditQuery();
  return (
    <QuerySection
      title="Registro delle modifiche"
      titleId="audit-title"
      query={query}
      loadingLabel="Caricamento del registro…"
      errorMessage={AUDIT_LOAD_ERROR}
      empty={{ message: 'Nessuna modifica registrata', description: 'Qui compaiono inviti, cambi di ruolo e di negozi, disattivazioni ed eliminazioni.' }}
    >
      {(events) => <AuditTable events={events} />}
    </QuerySection>
  );
}
