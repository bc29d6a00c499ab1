import { MESSAGES, NoBusinessState, QueryState, Spinner, TestModeBanner, isSuperAdmin, selectCurrentUser, useAppSelector, useCurrentBusiness, type Business } from '@loyalty/shared';
import { useGetTwilioSettingsQuery } from '../api';
import { ConnectionTest } from './ConnectionTest';
import { MessagingUsage } from './MessagingUsage';
import { SettingsForm } from './SettingsForm';

/** One business's settings; mounted anew for another business, whose settings never fill this form. */
function BusinessSettings({ business, canToggleServices }: { business: Business; canToggleServices: boolean }) {
  const query = useGetTwilioSettingsQuery(business.id);
  return (
    <QueryState query={query} loadingLabel="Caricamento delle impostazioni…" errorMessage={MESSAGES.settingsLoadError}>
      {(settings) => (
        <>
          <TestModeBanner businessId={business.id} />
          <SettingsForm businessId={business.id} settings={settings} canToggleServices={canToggleServices} />
          <ConnectionTest businessId={business.id} />
          <MessagingUsage businessId={business.id} />
        </>
      )}
    </QueryState>
  );
}

/** The messaging (Twilio) settings screen: credentials, the three channels and a connection test. */
export function TwilioSettingsScreen() {
  const { business, isLoading: businessesLoading } = useCurrentBusiness();
  const user = useAppSelector(selectCurrentUser);
  return (
    <div>
      <h1>Impostazioni Twilio</h1>
      <p>Le credenziali del fornitore di messaggi e i canali con cui la tua attività invia WhatsApp, SMS ed Email.</p>
      {businessesLoading ? (
        <Spinner label="Caricamento delle impostazioni…" />
      ) : !business ? (
        <NoBusinessState />
      ) : (
        <BusinessSettings key={business.id} business={business} canToggleServices={isSuperAdmin(user)} />
      )}
    </div>
  );
}
