import { useState } from 'react';
import {
  Card,
  Field,
  isAdmin,
  isSuperAdmin,
  MESSAGES,
  Navigate,
  NoBusinessState,
  QueryState,
  Select,
  Spinner,
  useAuth,
  useCurrentBusiness,
} from '@loyalty/shared';
import { Muted, Page, PageTitle, SectionTitle } from '../../../shared/layout';
import { useGetAccountsQuery, useGetTeamQuery, useGetUsersQuery } from '../api';
import { AccountActions } from './AccountActions';
import { AuditSection } from './AuditSection';
import { CreateUserForm } from './CreateUserForm';
import { UsersTable } from './UsersTable';
import { TeamSection } from './TeamSection';
import { BusinessOptions } from '../../../shared/FormFooter';

/** The users screen, for admins and the super admin only. */
export function UsersScreen() {
  const { user } = useAuth();
  if (!isAdmin(user)) return <Navigate to="/dashboard" replace />;
  return <UsersManagement superAdmin={isSuperAdmin(user)} />;
}

/** The users of one business (an admin's filter) or all of them (super admin); mounted anew for another business. */
function UsersList({ businessId, superAdmin }: { businessId: string | undefined; superAdmin: boolean }) {
  const query = useGetUsersQuery({ businessId });
  // Decision 078: the super admin manages every other account from this list (an owner, its colleagues above).
  const { data: accounts } = useGetAccountsQuery(undefined, { skip: !superAdmin });
  const { data: team } = useGetTeamQuery(undefined, { skip: !superAdmin });
  const { businesses } = useCurrentBusiness();
  const actionsFor = superAdmin
    ? (user: { id: string }) => {
        const account = accounts?.find((a) => a.id === user.id);
        if (!account) return null;
        return <AccountActions account={account} member={team?.find((m) => m.id === user.id)} businesses={businesses} superAdmin />;
      }
    : undefined;
  return (
    <QueryState
      query={query}
      loadingLabel="Caricamento degli utenti…"
      errorMessage={MESSAGES.usersLoadError}
      empty={{
        message: 'Nessun utente trovato',
        description: superAdmin
          ? 'Crea il primo utente con il modulo qui sopra.'
          : 'Nessun cliente con una carta di questa azienda: crealo con il modulo qui sopra o condividi il link di iscrizione.',
      }}
    >
      {(users) => <UsersTable users={users} actionsFor={actionsFor} />}
    </QueryState>
  );
}

function UsersManagement({ superAdmin }: { superAdmin: boolean }) {
  const { businessId: currentBusinessId, businesses, isLoading: businessesLoading } = useCurrentBusiness();
  // An admin sees the holders of a card of the business it picks here, starting from the top bar's one.
  const [chosenBusinessId, setChosenBusinessId] = useState<string | null>(null);
  const filterBusinessId = superAdmin ? undefined : (chosenBusinessId ?? currentBusinessId ?? undefined);

  return (
    <Page>
      <PageTitle>Gestione Utenti</PageTitle>
      <CreateUserForm
        businesses={businesses}
        superAdmin={superAdmin}
        // The new client shows up in the list: the filter moves to its business.
        onCreated={(created) => created.business_id && setChosenBusinessId(created.business_id)}
      />
      <TeamSection businesses={businesses} superAdmin={superAdmin} />
      <Card aria-labelledby="users-list-title">
        <SectionTitle id="users-list-title">{superAdmin ? 'Tutti gli utenti' : 'Utenti dell’azienda'}</SectionTitle>
        {!superAdmin && (
          <Field label="Filtra per azienda">
            {(control) => (
              <Select {...control} value={filterBusinessId ?? ''} onChange={(e) => setChosenBusinessId(e.target.value)}>
                {!filterBusinessId && <option value="">Seleziona un&apos;azienda</option>}
                <BusinessOptions businesses={businesses} />
              </Select>
            )}
          </Field>
        )}
        {!superAdmin && !filterBusinessId && !businessesLoading ? (
          businesses.length === 0 ? (
            <NoBusinessState />
          ) : (
            <Muted>Crea o seleziona un&apos;azienda per vederne gli utenti.</Muted>
          )
        ) : businessesLoading && !superAdmin ? (
          <Spinner label="Caricamento degli utenti…" />
        ) : (
          <UsersList key={filterBusinessId ?? 'all'} businessId={filterBusinessId} superAdmin={superAdmin} />
        )}
      </Card>
      {superAdmin && <AuditSection />}
    </Page>
  );
}
