/**
 * Impostazioni App → Wallet (decision 042). Whether Apple Wallet and Google Wallet are configured
 * on the API and whether with the development certificates (phones refuse those passes); for the super admin,
 * who configures the platform, also which variables are missing and how to try them in development (a shop's
 * admin is told to ask the platform's administrator; the API sends it no variable names). Then the shop's
 * colour on its passes and card image (the current business; its admins and the super admin may change it).
 */
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  Field,
  Input,
  QueryState,
  WALLETS,
  errorMessage,
  isSuperAdmin,
  useAuth,
  useCurrentBusiness,
  useGetWalletStatusQuery,
  useNotify,
  type Business,
} from '@loyalty/shared';
import { brandColor, z } from '@loyalty/shared/forms';
import { FormFooter } from '../../../shared/FormFooter';
import { FormGrid, Muted, SectionTitle } from '../../../shared/layout';
import { useUpdateBrandColorMutation } from '../api';

/** The dashboard's blue: what a pass wears without a shop colour (the API's default). */
export const DEFAULT_BRAND_COLOR = '#1e3a8a';
export const BRAND_COLOR_SAVED = 'Colore del negozio salvato';
export const BRAND_COLOR_RESET = 'Colore del negozio: torna quello predefinito';
const BRAND_COLOR_ERROR = 'Impossibile salvare il colore del negozio';

const WalletList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const WalletItem = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h3 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

/**
 * The swatch and the hex text on one row under the field's label, the error under both: an error (or a
 * narrow screen) neither moves the swatch nor squeezes it.
 */
const ColorRow = styled.div`
  display: flex;
  align-items: stretch;
  gap: ${({ theme }) => theme.space.sm};
  input[type='color'] {
    flex: none;
    width: 3rem;
    /* Chromium gives the colour input a fixed block size: 'auto' lets the row stretch it to the text's height. */
    height: auto;
    min-height: 2.5rem;
    padding: 0.125rem;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    background: none;
    cursor: pointer;
  }
  input[type='color'][aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  > input:not([type='color']) {
    flex: 1 1 auto;
    min-width: 0;
  }
`;

/** npm run wallet:dev-certs' certificates: configured, but no phone accepts the passes (docs/configuration.md, decision 040). */
export const DEVELOPMENT_NOTE = 'Certificati di sviluppo: i telefoni non accettano i pass firmati con questi certificati.';
export const ASK_PLATFORM_ADMIN = 'Non attivo: deve configurarlo l’amministratore della piattaforma.';

function WalletStatusCard() {
  const query = useGetWalletStatusQuery();
  const { user } = useAuth();
  // The platform's configuration is the super admin's: a shop's admin sees what is active (the API sends it no variable names).
  const superAdmin = isSuperAdmin(user);
  return (
    <Card aria-labelledby="wallet-status-title">
      <SectionTitle id="wallet-status-title">Wallet dei clienti</SectionTitle>
      <Muted>
        Con un wallet configurato, la pagina di adesione mostra sotto la carta il pulsante per salvarla nel telefono, e dalla
        lista delle carte puoi inviare al cliente i link con «Invia link wallet».
      </Muted>
      <QueryState query={query} loadingLabel="Caricamento dello stato dei wallet…" errorMessage="Errore durante il caricamento dello stato dei wallet">
        {(status) => (
          <WalletList aria-label="Stato dei wallet">
            {WALLETS.map(({ wallet, label }) => {
              const { configured, development = false, missing } = status[wallet];
              return (
                <WalletItem key={wallet} aria-label={label}>
                  <h3>
                    {label}
                    <Badge $tone={configured && !development ? 'success' : 'warning'}>{configured ? 'Configurato' : 'Non configurato'}</Badge>
                    {configured && development && <Badge $tone="warning">Sviluppo</Badge>}
                  </h3>
                  {configured && development && <Muted>{DEVELOPMENT_NOTE}</Muted>}
                  {!configured && !superAdmin && <Muted>{ASK_PLATFORM_ADMIN}</Muted>}
                  {superAdmin && missing.length > 0 && (
                    <>
                      <Muted>Variabili d’ambiente da impostare sul server dell’API:</Muted>
                      <ul aria-label={`Variabili mancanti per ${label}`}>
                        {missing.map((name) => (
                          <li key={name}>
                            <code>{name}</code>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </WalletItem>
              );
            })}
          </WalletList>
        )}
      </QueryState>
      {superAdmin && (
        <Muted>
          Per provarli in sviluppo: <code>npm run wallet:dev-certs</code> crea certificati di prova e stampa le variabili da
          impostare; poi riavvia l’API. I telefoni non accettano i pass firmati con questi certificati.
        </Muted>
      )}
    </Card>
  );
}

const brandColorForm = z.object({ brand_color: brandColor });
type BrandColorForm = { brand_color: string };

/** The colour picker and its hex text, one value: the picker follows the text while the text is a colour. */
function BrandColorFormCard({ business }: { business: Business }) {
  const notify = useNotify();
  const errorId = useId();
  const [updateBrandColor, update] = useUpdateBrandColorMutation();
  const saved = business.brand_color ?? '';
  const { register, handleSubmit, reset, setValue, setError, watch, formState } = useForm<BrandColorForm>({
    resolver: zodResolver(brandColorForm),
    defaultValues: { brand_color: saved },
    // Checked on the first save, then at every change: the error goes as soon as the colour is valid.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEffect(() => reset({ brand_color: saved }), [reset, saved]);
  const typed = watch('brand_color').trim();
  const picker = /^#[0-9a-fA-F]{6}$/.test(typed) ? typed.toLowerCase() : (business.brand_color ?? DEFAULT_BRAND_COLOR);
  const { errors, isSubmitted } = formState;

  const save = async (color: string | null) => {
    try {
      await updateBrandColor({ businessId: business.id, brandColor: color }).unwrap();
      notify.success(color ? BRAND_COLOR_SAVED : BRAND_COLOR_RESET);
    } catch (failure) {
      setError('root.server', { message: errorMessage(failure, BRAND_COLOR_ERROR) });
    }
  };
  const submit = handleSubmit(({ brand_color }) => save(brand_color ? brand_color.toLowerCase() : null));

  return (
    <Card aria-labelledby="brand-color-title">
      <SectionTitle id="brand-color-title">Colore del negozio – {business.name}</SectionTitle>
      <Muted>
        Lo sfondo della carta nel wallet (Apple Wallet; Google Wallet lo usa a modo suo). Il testo diventa scuro o bianco da
        solo, per restare leggibile. Vuoto: il blu predefinito. I pass già salvati lo mostrano al prossimo cambio di saldo.
      </Muted>
      <FormGrid noValidate onSubmit={(event) => void submit(event)} aria-labelledby="brand-color-title">
        <Field label="Colore del negozio (#rrggbb)" error={errors.brand_color?.message}>
          {(control) => (
            <ColorRow>
              <input
                type="color"
                aria-label="Scegli il colore"
                aria-invalid={control['aria-invalid']}
                aria-describedby={control['aria-describedby']}
                value={picker}
                onChange={(event) => setValue('brand_color', event.target.value, { shouldDirty: true, shouldValidate: isSubmitted })}
              />
              <Input {...control} placeholder={DEFAULT_BRAND_COLOR} autoComplete="off" spellCheck={false} {...register('brand_color')} />
            </ColorRow>
          )}
        </Field>
        <FormFooter error={errors.root?.server?.message} errorId={errorId} loading={update.isLoading}>
          Salva colore
        </FormFooter>
        {business.brand_color && (
          <Button type="button" variant="secondary" onClick={() => void save(null)}>
            Usa il colore predefinito
          </Button>
        )}
      </FormGrid>
    </Card>
  );
}

export function WalletTab() {
  const { business } = useCurrentBusiness();
  return (
    <>
      <WalletStatusCard />
      {business ? (
        <BrandColorFormCard business={business} />
      ) : (
        <Card aria-labelledby="brand-color-title">
          <SectionTitle id="brand-color-title">Colore del negozio</SectionTitle>
          <Muted>Seleziona un’azienda in alto per scegliere il colore dei suoi pass.</Muted>
        </Card>
      )}
    </>
  );
}
