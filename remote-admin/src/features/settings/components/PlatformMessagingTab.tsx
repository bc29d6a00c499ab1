/**
 * Impostazioni App → Messaggistica piattaforma (super admin, decision 086): the Twilio account and the SMTP server
 * that shops without a provider of their own send through, under their own name; then how many messages each shop
 * sent this month and the previous one. The saved secrets come back masked only; an empty secret field keeps them.
 */
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, QuerySection, TableHead, TableScroll, TextField, errorMessage, formatMonth, useNotify } from '@loyalty/shared';
import { FormActions, FormError, FormGrid, Muted, Table } from '../../../shared/layout';
import {
  useClearPlatformMessagingAccountMutation,
  useGetPlatformMessagingAccountQuery,
  useGetPlatformMessagingUsageQuery,
  useSavePlatformMessagingAccountMutation,
  type PlatformMessagingAccount,
  type PlatformMessagingAccountUpdate,
  type PlatformMessagingUsage,
} from '../api';

export const PLATFORM_SAVE_ERROR = 'Impossibile salvare l’account di messaggistica della piattaforma';
export const PLATFORM_LOAD_ERROR = 'Impossibile caricare l’account di messaggistica della piattaforma';
export const USAGE_LOAD_ERROR = 'Impossibile caricare i messaggi inviati dai negozi';

const tokenHint = (masked: string) => (masked ? `Token salvato: ${masked}. Lascia vuoto per mantenerlo.` : 'Nessun token salvato.');
const passwordHint = (masked: string) => (masked ? `Password salvata: ${masked}. Lascia vuoto per mantenerla.` : 'Nessuna password salvata.');

function AccountForm({ account }: { account: PlatformMessagingAccount }) {
  const notify = useNotify();
  const [save, saving] = useSavePlatformMessagingAccountMutation();
  const [clear, clearing] = useClearPlatformMessagingAccountMutation();
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState({
    twilioAccountSid: account.twilioAccountSid,
    twilioAuthToken: '',
    twilioSmsFrom: account.twilioSmsFrom,
    twilioWhatsappFrom: account.twilioWhatsappFrom,
    smtpHost: account.smtpHost,
    smtpPort: account.smtpPort === null ? '' : String(account.smtpPort),
    smtpUser: account.smtpUser,
    smtpPassword: '',
    emailFrom: account.emailFrom,
  });
  const [smsShopNameSender, setSmsShopNameSender] = useState(account.smsShopNameSender);
  const [smtpSecure, setSmtpSecure] = useState(account.smtpSecure);
  const field = (name: keyof typeof fields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const port = fields.smtpPort.trim();
    const body: PlatformMessagingAccountUpdate = {
      twilioAccountSid: fields.twilioAccountSid,
      twilioSmsFrom: fields.twilioSmsFrom,
      twilioWhatsappFrom: fields.twilioWhatsappFrom,
      smsShopNameSender,
      smtpHost: fields.smtpHost,
      smtpPort: port === '' ? null : Number(port),
      smtpSecure,
      smtpUser: fields.smtpUser,
      emailFrom: fields.emailFrom,
      // An empty secret field keeps the saved one.
      ...(fields.twilioAuthToken ? { twilioAuthToken: fields.twilioAuthToken } : {}),
      ...(fields.smtpPassword ? { smtpPassword: fields.smtpPassword } : {}),
    };
    try {
      const saved = await save(body).unwrap();
      setFields((current) => ({ ...current, twilioAuthToken: '', smtpPassword: '' }));
      notify.success(saved.message);
    } catch (failure) {
      setError(errorMessage(failure, PLATFORM_SAVE_ERROR));
    }
  };

  const remove = async () => {
    setError(null);
    try {
      notify.success((await clear().unwrap()).message);
    } catch (failure) {
      setError(errorMessage(failure, PLATFORM_SAVE_ERROR));
    }
  };

  return (
    <FormGrid aria-label="Account di messaggistica della piattaforma" onSubmit={(event) => void submit(event)} noValidate>
      <h3>Twilio (SMS e WhatsApp)</h3>
      <TextField label="Account SID" autoComplete="off" {...field('twilioAccountSid')} />
      <TextField label="Auth Token" type="password" autoComplete="new-password" hint={tokenHint(account.twilioAuthToken)} {...field('twilioAuthToken')} />
      <TextField label="Numero mittente SMS" inputMode="tel" {...field('twilioSmsFrom')} />
      <Checkbox
        label="Usa il nome del negozio come mittente SMS (ID alfanumerico, se il paese lo consente)"
        checked={smsShopNameSender}
        onChange={(event) => setSmsShopNameSender(event.target.checked)}
      />
      <TextField label="Numero WhatsApp" inputMode="tel" {...field('twilioWhatsappFrom')} />
      <h3>Email (SMTP)</h3>
      <TextField label="Server SMTP" autoComplete="off" {...field('smtpHost')} />
      <TextField label="Porta SMTP" inputMode="numeric" {...field('smtpPort')} />
      <Checkbox label="TLS dall’inizio della connessione (porta 465)" checked={smtpSecure} onChange={(event) => setSmtpSecure(event.target.checked)} />
      <TextField label="Utente SMTP" autoComplete="off" {...field('smtpUser')} />
      <TextField label="Password SMTP" type="password" autoComplete="new-password" hint={passwordHint(account.smtpPassword)} {...field('smtpPassword')} />
      <TextField label="Indirizzo mittente email" type="email" hint="Il nome visualizzato è quello di ogni negozio; le risposte vanno all’email del negozio." {...field('emailFrom')} />
      {error && <FormError role="alert">{error}</FormError>}
      <FormActions>
        <Button type="submit" loading={saving.isLoading}>
          Salva account
        </Button>
        <Button variant="secondary" loading={clearing.isLoading} onClick={() => void remove()}>
          Rimuovi account
        </Button>
      </FormActions>
    </FormGrid>
  );
}

const CHANNEL_NAMES = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' } as const;

function UsageTable({ usage }: { usage: PlatformMessagingUsage }) {
  const [current, previous] = usage.months;
  return (
    <TableScroll label="Tabella dei messaggi inviati per negozio">
      <Table>
        <caption>Messaggi inviati per negozio</caption>
        <TableHead columns={['Negozio', ...Object.values(CHANNEL_NAMES), `Totale ${formatMonth(current)}`, 'Di cui con la piattaforma', `Totale ${formatMonth(previous)}`]} />
        <tbody>
          {usage.shops.map((shop) => (
            <tr key={shop.businessId}>
              <th scope="row">{shop.name}</th>
              <td>{shop.months[0].whatsapp}</td>
              <td>{shop.months[0].sms}</td>
              <td>{shop.months[0].email}</td>
              <td>{shop.months[0].total}</td>
              <td>{shop.months[0].platform}</td>
              <td>{shop.months[1].total}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/** Super admin: the platform's messaging account and every shop's messages. */
export function PlatformMessagingTab() {
  const account = useGetPlatformMessagingAccountQuery();
  const usage = useGetPlatformMessagingUsageQuery();
  return (
    <>
      <QuerySection
        title="Messaggistica piattaforma"
        titleId="platform-messaging-title"
        intro={
          <Muted>
            L’account Twilio e il server email con cui inviano i negozi che non hanno un fornitore proprio, con il nome del negozio come mittente. Le
            credenziali di un negozio, se presenti, hanno sempre la precedenza.
          </Muted>
        }
        query={account}
        loadingLabel="Caricamento dell’account…"
        errorMessage={PLATFORM_LOAD_ERROR}
      >
        {(saved) => (
          <>
            <p>
              Canali serviti:{' '}
              {(Object.keys(CHANNEL_NAMES) as (keyof typeof CHANNEL_NAMES)[])
                .filter((channel) => saved.channels[channel])
                .map((channel) => CHANNEL_NAMES[channel])
                .join(', ') || 'nessuno (i negozi senza fornitore proprio sono in modalità di prova)'}
            </p>
            <AccountForm key={saved.updatedAt ?? 'none'} account={saved} />
          </>
        )}
      </QuerySection>
      <QuerySection
        title="Messaggi inviati dai negozi"
        titleId="platform-usage-title"
        intro={<Muted>Contati dal registro dei messaggi: quelli presi in carico da un fornitore, non falliti. In modalità di prova nulla parte e nulla si conta.</Muted>}
        query={usage}
        loadingLabel="Caricamento dei messaggi inviati…"
        errorMessage={USAGE_LOAD_ERROR}
      >
        {(data) => <UsageTable usage={data} />}
      </QuerySection>
    </>
  );
}
