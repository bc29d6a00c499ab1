import { useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Field,
  MESSAGES,
  QuerySection,
  QueryState,
  Select,
  businessSelected,
  businessSelectedMessage,
  formatCount,
  useAppDispatch,
  useCurrentBusiness,
  useNotify,
  type Business,
} from '@loyalty/shared';
import { Muted } from '../../../shared/layout';
import { useGetAdminBusinessesQuery, useGetAdminsQuery } from '../api';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

function AdminBusinesses({ adminId, adminName }: { adminId: string; adminName: string }) {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const { businessId } = useCurrentBusiness();
  const query = useGetAdminBusinessesQuery(adminId);

  const choose = (business: Business) => {
    dispatch(businessSelected(business.id));
    notify.success(businessSelectedMessage(business.name));
  };

  return (
    <QueryState
      query={query}
      loadingLabel="Caricamento delle aziende dell'admin…"
      errorMessage={MESSAGES.adminDetailsLoadError}
      empty={{ message: `${adminName} non ha ancora aziende`, description: 'Compariranno qui quando ne creerà una da Impostazioni → Aziende.' }}
    >
      {(businesses) => (
        <List aria-label={`Aziende di ${adminName}`}>
          {businesses.map((business) => {
            const current = business.id === businessId;
            return (
              <li key={business.id}>
                <span>
                  {business.name}
                  {current && ' (attuale)'}
                </span>
                <Button variant={current ? 'ghost' : 'secondary'} aria-label={`Seleziona ${business.name}`} aria-pressed={current} onClick={() => choose(business)}>
                  Seleziona
                </Button>
              </li>
            );
          })}
        </List>
      )}
    </QueryState>
  );
}

/** Super admin: the platform's admins and, for the one picked, its businesses to make current. */
export function AdminManagementTab() {
  const query = useGetAdminsQuery();
  const [adminId, setAdminId] = useState('');

  return (
    <QuerySection
      title="Gestione Admin"
      titleId="admins-title"
      query={query}
      loadingLabel="Caricamento degli admin…"
      errorMessage={MESSAGES.adminDetailsLoadError}
      empty={{ message: 'Nessun admin trovato', description: 'Crea un admin da Gestione Utenti scegliendo il ruolo Admin.' }}
    >
      {(admins) => {
        const admin = admins.find((candidate) => candidate.id === adminId);
        return (
          <Stack>
            <Field label="Admin">
              {(control) => (
                <Select {...control} value={adminId} onChange={(e) => setAdminId(e.target.value)}>
                  <option value="">Seleziona un admin</option>
                  {admins.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {`${candidate.full_name} (${candidate.email}) – ${formatCount(candidate.business_count, { one: 'azienda', other: 'aziende' })}`}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {admin ? (
              // Another admin is another list: never the previous admin's businesses while these load.
              <AdminBusinesses key={admin.id} adminId={admin.id} adminName={admin.full_name} />
            ) : (
              <Muted>Scegli un admin per vederne le aziende e selezionarne una.</Muted>
            )}
          </Stack>
        );
      }}
    </QuerySection>
  );
}
