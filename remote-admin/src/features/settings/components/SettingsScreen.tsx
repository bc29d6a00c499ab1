import { Tabs, isStaff, isSuperAdmin, useAuth, useSearchParams } from '@loyalty/shared';
import { Page, PageTitle } from '../../../shared/layout';
import { AccountTab } from './AccountTab';
import { AdminManagementTab } from './AdminManagementTab';
import { BusinessesTab } from './BusinessesTab';
import { PlatformMessagingTab } from './PlatformMessagingTab';
import { ServicesTab } from './ServicesTab';
import { WalletTab } from './WalletTab';

/**
 * The open tab is in the address (`?tab=aziende`), so other screens can link to one tab (shared's
 * CREATE_BUSINESS_PATH) and a reload keeps it; an unknown or forbidden tab opens the first.
 */
export const SETTINGS_TAB_PARAM = 'tab';

export function SettingsScreen() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = [
    { id: 'account', label: 'Account', content: <AccountTab /> },
    // The counter's staff change their own password here and nothing else (decision 070's permissions): the shops'
    // and the wallets' settings are the owner's, and the API refuses them (a staff member saw «Errore durante il
    // caricamento dello stato dei wallet» for a 403).
    ...(isStaff(user)
      ? []
      : [
          { id: 'aziende', label: 'Aziende', content: <BusinessesTab /> },
          // The wallets' configuration and the shop's colour on passes.
          { id: 'wallet', label: 'Wallet', content: <WalletTab /> },
        ]),
    ...(isSuperAdmin(user)
      ? [
          { id: 'admin', label: 'Gestione Admin', content: <AdminManagementTab /> },
          { id: 'servizi', label: 'Servizi', content: <ServicesTab /> },
          // The platform's Twilio and SMTP account for shops without their own, and every shop's usage (decision 086).
          { id: 'messaggistica', label: 'Messaggistica piattaforma', content: <PlatformMessagingTab /> },
        ]
      : []),
  ];
  return (
    <Page>
      <PageTitle>Impostazioni App</PageTitle>
      <Tabs
        label="Sezioni delle impostazioni"
        tabs={tabs}
        selectedId={searchParams.get(SETTINGS_TAB_PARAM) ?? undefined}
        onSelect={(id) => setSearchParams({ [SETTINGS_TAB_PARAM]: id }, { replace: true })}
      />
    </Page>
  );
}
