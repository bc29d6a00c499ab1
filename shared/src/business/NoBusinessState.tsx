import { ButtonLink } from '../ui/ButtonLink';
import { EmptyState } from '../ui/EmptyState';
import { useCurrentBusiness } from './useCurrentBusiness';

/**
 * Impostazioni → Aziende, where a business is created: the settings screen (admin remote) opens the
 * tab named by `?tab=`.
 */
export const CREATE_BUSINESS_PATH = '/dashboard/settings?tab=aziende';

export const CREATE_FIRST_BUSINESS = 'Crea la tua prima attività';

/**
 * What a screen that works on the current business shows without one: for a user with no business at
 * all (a new admin), the way to create the first; otherwise, where to pick one.
 */
export function NoBusinessState() {
  const { businesses, isLoading, error } = useCurrentBusiness();
  const hasNone = !isLoading && !error && businesses.length === 0;
  return hasNone ? (
    <EmptyState
      message="Nessuna attività selezionata"
      description="Non hai ancora un'attività: creala in Impostazioni → Aziende per raccogliere carte fedeltà e inviare campagne."
      action={<ButtonLink to={CREATE_BUSINESS_PATH}>{CREATE_FIRST_BUSINESS}</ButtonLink>}
    />
  ) : (
    <EmptyState message="Nessuna attività selezionata" description="Scegli un'attività dal selettore in alto." />
  );
}
