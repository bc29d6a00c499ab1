import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import {
  Button,
  Card,
  MESSAGES,
  QueryState,
  TextField,
  businessSelected,
  errorMessage,
  formatPhone,
  isAdmin,
  useAppDispatch,
  useAuth,
  useCreateBusinessMutation,
  useCurrentBusiness,
  useGetBusinessesQuery,
  useNotify,
  type Business,
  type NewBusiness,
} from '@loyalty/shared';
import { FORM_MESSAGES, optionalPhone, requiredText, z } from '@loyalty/shared/forms';
import { FormGrid, Muted, SectionTitle } from '../../../shared/layout';
import { FormFooter } from '../../../shared/FormFooter';

const EMPTY_BUSINESS = { name: '', address: '', phone: '', email: '', website: '' };
type BusinessForm = typeof EMPTY_BUSINESS;

export const BUSINESS_NAME_REQUIRED = FORM_MESSAGES.businessNameRequired;
const POSTER_ERROR = 'Impossibile generare la locandina. Riprova.';
export const POSTER_PDF_ERROR = 'Impossibile generare il PDF della locandina. Riprova tra poco o scarica la versione PNG.';

/**
 * Only the name is required; a phone, when given, shaped like one (the API checks it exactly, and
 * the e-mail's form too).
 */
const businessSchema = z.object({
  name: requiredText(BUSINESS_NAME_REQUIRED),
  address: z.string(),
  phone: optionalPhone,
  email: z.string(),
  website: z.string(),
});

/** Blank optional fields are left out of the request. */
function newBusinessRequest(form: BusinessForm): NewBusiness {
  const entries = Object.entries(form).map(([key, value]) => [key, value.trim()] as const);
  return Object.fromEntries(entries.filter(([, value]) => value !== '')) as unknown as NewBusiness;
}

const BusinessList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const BusinessItem = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

function CreateBusinessForm() {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const errorId = useId();
  const [createBusiness, { isLoading }] = useCreateBusinessMutation();
  const { register, handleSubmit, reset, setError, formState } = useForm<BusinessForm>({
    resolver: zodResolver(businessSchema),
    defaultValues: EMPTY_BUSINESS,
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const error = errors.name?.message ?? errors.root?.server?.message;

  const submit = handleSubmit(async (form) => {
    try {
      const created = await createBusiness(newBusinessRequest(form)).unwrap();
      // The new business becomes the current one in the top bar's switcher at once.
      dispatch(businessSelected(created.id));
      reset(EMPTY_BUSINESS);
      notify.success(MESSAGES.businessCreated);
    } catch (failure) {
      setError('root.server', { message: errorMessage(failure, MESSAGES.businessCreateError) });
    }
  });

  return (
    <Card aria-labelledby="create-business-title">
      <SectionTitle id="create-business-title">Nuova azienda</SectionTitle>
      <FormGrid noValidate onSubmit={(event) => void submit(event)} aria-labelledby="create-business-title">
        <TextField
          label="Nome dell'azienda"
          required
          {...(errors.name ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
          {...register('name')}
        />
        <TextField label="Indirizzo" autoComplete="street-address" {...register('address')} />
        <TextField label="Telefono" type="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField label="Email" type="email" {...register('email')} />
        <TextField label="Sito web" inputMode="url" placeholder="https://" {...register('website')} />
        <FormFooter error={error} errorId={errorId} loading={isLoading}>
          Crea azienda
        </FormFooter>
      </FormGrid>
    </Card>
  );
}

const PosterButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** One download of the poster: busy while it is made, an Italian message if it cannot be. */
function PosterDownload({ label, name, failureMessage, make }: { label: string; name: string; failureMessage: string; make: () => Promise<void> }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await make();
    } catch (failure) {
      notify.error(errorMessage(failure, failureMessage));
    } finally {
      setBusy(false);
    }
  };
  return (
    // The accessible name starts with the visible words, then says which shop (one button per shop).
    <Button variant="secondary" loading={busy} aria-label={name} onClick={() => void download()}>
      {label}
    </Button>
  );
}

/**
 * The screen's PNG and, for a print shop, the A4 PDF. Each drawing's code (and pdf-lib for the PDF) comes on its
 * click, never with the screen.
 */
function PosterDownloads({ business }: { business: Business }) {
  return (
    <PosterButtons>
      <PosterDownload
        label="Scarica locandina"
        name={`Scarica locandina di ${business.name}`}
        failureMessage={POSTER_ERROR}
        make={async () => (await import('../model/signupPoster')).downloadSignupPoster(business)}
      />
      <PosterDownload
        label="Scarica per la stampa (PDF A4)"
        name={`Scarica per la stampa (PDF A4) la locandina di ${business.name}`}
        failureMessage={POSTER_PDF_ERROR}
        make={async () => (await import('../model/signupPosterPdf')).downloadSignupPosterPdf(business)}
      />
    </PosterButtons>
  );
}

function BusinessesList() {
  const { businessId } = useCurrentBusiness();
  const query = useGetBusinessesQuery();
  return (
    <QueryState
      query={query}
      loadingLabel="Caricamento delle aziende…"
      errorMessage="Errore durante il caricamento delle aziende"
      empty={{ message: 'Nessuna azienda trovata', description: 'Crea la tua prima azienda con il modulo qui sopra.' }}
    >
      {(businesses) => (
        <BusinessList aria-label="Le tue aziende">
          {businesses.map((business) => (
            <BusinessItem key={business.id} aria-current={business.id === businessId ? 'true' : undefined}>
              <div>
                <h3>
                  {business.name}
                  {business.id === businessId && ' (attuale)'}
                </h3>
                <Muted>{[business.address, business.phone && formatPhone(business.phone), business.email, business.website].filter(Boolean).join(' · ') || 'Nessun recapito'}</Muted>
              </div>
              <PosterDownloads business={business} />
            </BusinessItem>
          ))}
        </BusinessList>
      )}
    </QueryState>
  );
}

export function BusinessesTab() {
  const { user } = useAuth();
  return (
    <>
      {isAdmin(user) && <CreateBusinessForm />}
      <Card aria-labelledby="businesses-title">
        <SectionTitle id="businesses-title">Le tue aziende</SectionTitle>
        <Muted>
          Scarica la locandina da esporre alla cassa: il codice QR porta i clienti alla pagina di adesione della
          tua azienda. Per la tipografia o la stampante, scegli il PDF A4.
        </Muted>
        <BusinessesList />
      </Card>
    </>
  );
}
