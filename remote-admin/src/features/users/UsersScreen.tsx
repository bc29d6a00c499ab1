import { useState } from 'react';
import {
  Card,
  EmptyState,
  ErrorState,
  Field,
  isAdmin,
  isSuperAdmin,
  MESSAGES,
  Navigate,
  NoBusinessState,
  Select,
  Spinner,
  useAuth,
  useCurrentBusiness,
} from '@loyalty/shared';
import { Muted, Page, PageTitle, SectionTitle } from '../../layout';
import { useGetUsersQuery } from './api';
import { CreateUserForm } from './CreateUserForm';
import { UsersTable } from './UsersTable';

/** SPEC §2, §6: the users screen, for admins and the super admin only. */
export function UsersScreen() {
  const { user } = useAuth();
  if (!isAdmin(user)) return <Navigate to="/dashboard" replace />;
  return <UsersManagement superAdmin={isSuperAdmin(user)} />;
}

function UsersManagement({ superAdmin }: { superAdmin: boolean }) {
  const { businessId: currentBusinessId, businesses, isLoading: businessesLoading } = useCurrentBusiness();
  // An admin sees the holders of a card of the business it picks here, starting from the top bar's one.
  const [chosenBusinessId, setChosenBusinessId] = useState<string | null>(null);
  const filterBusinessId = superAdmin ? undefined : (chosenBusinessId ?? currentBusinessId ?? undefined);
  const { data: users, isLoading, isFetching, isError, refetch } = useGetUsersQuery(
    { businessId: filterBusinessId },
    { skip: !superAdmin && !filterBusinessId },
  );

  return (
    <Page>
      <PageTitle>Gestione Utenti</PageTitle>
      <CreateUserForm
        businesses={businesses}
        superAdmin={superAdmin}
        // The new client shows up in the list: the filter moves to its business.
        onCreated={(created) => created.business_id && setChosenBusinessId(created.business_id)}
      />
      <Card aria-labelledby="users-list-title">
        <SectionTitle id="users-list-title">{superAdmin ? 'Tutti gli utenti' : 'Utenti dell’azienda'}</SectionTitle>
        {!superAdmin && (
          <Field label="Filtra per azienda">
            {(control) => (
              <Select {...control} value={filterBusinessId ?? ''} onChange={(e) => setChosenBusinessId(e.target.value)}>
                {!filterBusinessId && <option value="">Seleziona un&apos;azienda</option>}
                {businesses.map((business) => (
                  <option key={business.id} value={business.id}>
                    {business.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <div aria-busy={isFetching || undefined}>
          {!superAdmin && !filterBusinessId && !businessesLoading ? (
            businesses.length === 0 ? (
              <NoBusinessState />
            ) : (
              <Muted>Crea o seleziona un&apos;azienda per vederne gli utenti.</Muted>
            )
          ) : isLoading || (businessesLoading && !superAdmin) ? (
            <Spinner label="Caricamento degli utenti…" />
          ) : isError ? (
            <ErrorState message={MESSAGES.usersLoadError} onRetry={() => void refetch()} />
          ) : !users || users.length === 0 ? (
            <EmptyState
              message="Nessun utente trovato"
              description={
                superAdmin
                  ? 'Crea il primo utente con il modulo qui sopra.'
                  : 'Nessun cliente con una carta di questa azienda: crealo con il modulo qui sopra o condividi il link di iscrizione.'
              }
            />
          ) : (
            <UsersTable users={users} />
          )}
        </div>
      </Card>
    </Page>
  );
}
