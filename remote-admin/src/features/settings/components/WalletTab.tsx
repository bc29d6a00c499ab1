/**
 * Issue 21 (decision 042): Impostazioni App → Wallet. Whether Apple Wallet and Google Wallet are configured
 * on the API (and which variables are missing), how to try them in development, and the shop's colour on its
 * passes (the current business; its admins and the super admin may change it).
 */
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { Badge, Button, Card, QueryState, TextField, WALLETS, errorMessage, useCurrentBusiness, useGetWalletStatusQuery, useNotify, type Business } from '@loyalty/shared';
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

const ColorRow = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  input[type='color'] {
    width: 3rem;
    height: 2.5rem;
    padding: 0;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: none;
    cursor: pointer;
  }
  > :last-child {
    flex: 1 1 auto;
  }
`;

function WalletStatusCard() {
  const query = useGetWalletStatusQuery();
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
              const { configured, missing } = status[wallet];
              return (
                <WalletItem key={wallet} aria-label={label}>
                  <h3>
                    {label}
                    <Badge $tone={configured ? 'success' : 'warning'}>{configured ? 'Configurato' : 'Non configurato'}</Badge>
                  </h3>
                  {missing.length > 0 && (
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
      <Muted>
        Per provarli in sviluppo: <code>npm run wallet:dev-certs</code> crea certificati di prova e stampa le variabili da
        impostare; poi riavvia l’API. I telefoni non accettano i pass firmati con questi certificati.
      </Muted>
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
    reValidateMode: 'onSubmit',
  });
  useEffect(() => reset({ brand_color: saved }), [reset, saved]);
  const typed = watch('brand_color').trim();
  const picker = /^#[0-9a-fA-F]{6}$/.test(typed) ? typed.toLowerCase() : (business.brand_color ?? DEFAULT_BRAND_COLOR);
  const { errors } = formState;

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
        <ColorRow>
          <input
            type="color"
            aria-label="Scegli il colore"
            value={picker}
            onChange={(event) => setValue('brand_color', event.target.value, { shouldDirty: true })}
          />
          <TextField
            label="Colore del negozio (#rrggbb)"
            placeholder={DEFAULT_BRAND_COLOR}
            autoComplete="off"
            spellCheck={false}
            error={errors.brand_color?.message}
            {...register('brand_color')}
          />
        </ColorRow>
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
