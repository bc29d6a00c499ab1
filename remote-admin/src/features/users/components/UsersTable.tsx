import { useState, type ReactNode } from 'react';
import { Button, ROLE_LABELS, TableHead, TableScroll, errorMessage, formatDate, formatPhone, useNotify } from '@loyalty/shared';
import { Table } from '../../../shared/layout';
import type { ManagedUser } from '../api';
import { downloadUserQr } from '../model/userQr';

const QR_DOWNLOAD_ERROR = 'Impossibile generare il codice QR. Riprova.';

/**
 * Only admins and the super admin reach this table, so the per-user card QR column is always there. `actionsFor`
 * (the super admin's, decision 078) adds the «Azioni» column: what the viewer may do to each person.
 */
export function UsersTable({ users, actionsFor }: { users: readonly ManagedUser[]; actionsFor?: (user: ManagedUser) => ReactNode }) {
  const notify = useNotify();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (user: ManagedUser & { card_id: string }) => {
    setDownloading(user.id);
    try {
      await downloadUserQr(user);
    } catch (failure) {
      notify.error(errorMessage(failure, QR_DOWNLOAD_ERROR));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <TableScroll label="Tabella degli utenti" minWidth="44rem">
      <Table>
        <caption>Utenti</caption>
        <TableHead columns={['Nome', 'Email', 'Ruolo', 'Telefono', 'Creato il', 'Codice QR', ...(actionsFor ? ['Azioni'] : [])]} />
        <tbody>
          {users.map((user) => {
            const cardId = user.card_id;
            return (
              <tr key={user.id}>
                <td>{user.full_name}</td>
                <td>{user.email}</td>
                <td>{ROLE_LABELS[user.role]}</td>
                <td>{formatPhone(user.phone)}</td>
                <td>{formatDate(user.created_at)}</td>
                <td>
                  {cardId ? (
                    <Button
                      variant="secondary"
                      aria-label={`Scarica QR di ${user.full_name}`}
                      loading={downloading === user.id}
                      onClick={() => void download({ ...user, card_id: cardId })}
                    >
                      Scarica QR
                    </Button>
                  ) : (
                    <span>Nessuna carta</span>
                  )}
                </td>
                {actionsFor && <td>{actionsFor(user)}</td>}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
