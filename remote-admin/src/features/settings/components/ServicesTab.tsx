import { useState } from 'react';
import styled from 'styled-components';
import {
  Checkbox,
  MESSAGES,
  QuerySection,
  errorMessage,
  serviceToggledMessage,
  useGetBusinessesQuery,
  useNotify,
  type Business,
  type MessagingChannelLabel,
} from '@loyalty/shared';
import { Muted } from '../../../shared/layout';
import { useToggleServiceMutation, type ServiceFlag } from '../api';

const SERVICES: { flag: ServiceFlag; name: MessagingChannelLabel }[] = [
  { flag: 'whatsapp_enabled', name: 'WhatsApp' },
  { flag: 'sms_enabled', name: 'SMS' },
  { flag: 'email_enabled', name: 'Email' },
];

const BusinessServices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  legend {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    padding: 0 ${({ theme }) => theme.space.xs};
  }
`;

function ServiceSwitches({ business }: { business: Business }) {
  const notify = useNotify();
  const [toggleService] = useToggleServiceMutation();
  const [pending, setPending] = useState<ServiceFlag | null>(null);

  const toggle = async (flag: ServiceFlag, name: MessagingChannelLabel, enabled: boolean) => {
    setPending(flag);
    try {
      await toggleService({ businessId: business.id, flag, enabled }).unwrap();
      notify.success(serviceToggledMessage(name, enabled));
    } catch (failure) {
      notify.error(errorMessage(failure, MESSAGES.serviceToggleError));
    } finally {
      setPending(null);
    }
  };

  return (
    <BusinessServices>
      <legend>{business.name}</legend>
      {SERVICES.map(({ flag, name }) => (
        <Checkbox
          key={flag}
          role="switch"
          label={name}
          checked={business[flag] === 1}
          disabled={pending !== null}
          aria-busy={pending === flag || undefined}
          onChange={(event) => void toggle(flag, name, event.target.checked)}
        />
      ))}
    </BusinessServices>
  );
}

/** Super admin: which channels each business may use. */
export function ServicesTab() {
  const query = useGetBusinessesQuery();
  return (
    <QuerySection
      title="Servizi"
      titleId="services-title"
      intro={<Muted>Abilita o disabilita i canali che ogni azienda può usare per campagne e messaggi.</Muted>}
      query={query}
      loadingLabel="Caricamento delle aziende…"
      errorMessage={MESSAGES.settingsLoadError}
      empty={{ message: 'Nessuna azienda trovata', description: 'Le aziende create dagli admin compariranno qui, con i canali da abilitare.' }}
    >
      {(businesses) => businesses.map((business) => <ServiceSwitches key={business.id} business={business} />)}
    </QuerySection>
  );
}
