import { Tabs, isSuperAdmin, useAuth } from '@loyalty/shared';
import { Page, PageTitle } from '../../layout';
import { AccountTab } from './AccountTab';
import { AdminManagementTab } from './AdminManagementTab';
import { BusinessesTab } from './BusinessesTab';
import { ServicesTab } from './ServicesTab';

export function SettingsScreen() {
  const { user } = useAuth();
  const tabs = [
    { id: 'account', label: 'Account', content: <AccountTab /> },
    { id: 'aziende', label: 'Aziende', content: <BusinessesTab /> },
    ...(isSuperAdmin(user)
      ? [
          { id: 'admin', label: 'Gestione Admin', content: <AdminManagementTab /> },
          { id: 'servizi', label: 'Servizi', content: <ServicesTab /> },
        ]
      : []),
  ];
  return (
    <Page>
      <PageTitle>Impostazioni App</PageTitle>
      <Tabs label="Sezioni delle impostazioni" tabs={tabs} />
    </Page>
  );
}
