import { ErrorState, MESSAGES, NoBusinessState, Spinner, TestModeBanner, isSuperAdmin, selectCurrentUser, useAppSelector, useCurrentBusiness } from '@loyalty/shared';
import { useGetTwilioSettingsQuery } from './api';
import { ConnectionTest } from './ConnectionTest';
import { SettingsForm } from './SettingsForm';

/** SPEC §2 "Messaging (Twilio) settings screen": credentials, the three channels and a connection test. */
export function TwilioSettingsScreen() {
  const { business, isLoading: businessesLoading } = useCurrentBusiness();
  const user = useAppSelector(selectCurrentUser);
  // currentData, not data: after a switch of business the previous business's settings must never fill the form.
  const { currentData: data, isFetching, isError, refetch } = useGetTwilioSettingsQuery(business?.id ?? '', { skip: !business });
  return (
    <div>
      <h1>Impostazioni Twilio</h1>
      <p>Le credenziali del fornitore di messaggi e i canali con cui la tua attività invia WhatsApp, SMS ed Email.</p>
      {businessesLoading || (isFetching && !data) ? (
        <Spinner label="Caricamento delle impostazioni…" />
      ) : !business ? (
        <NoBusinessState />
      ) : isError || !data ? (
        <ErrorState message={MESSAGES.settingsLoadError} onRetry={refetch} />
      ) : (
        <>
          <TestModeBanner businessId={business.id} />
          <SettingsForm key={business.id} businessId={business.id} settings={data} canToggleServices={isSuperAdmin(user)} />
          <ConnectionTest key={`test-${business.id}`} businessId={business.id} />
        </>
      )}
    </div>
  );
}
