import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { Button, Card, Checkbox, Field, FormAlert, MESSAGES, Select, TextField, Textarea, errorMessage, useNotify } from '@loyalty/shared';
import { z } from '@loyalty/shared/forms';
import { useSaveTwilioSettingsMutation, type TwilioSettings, type TwilioSettingsUpdate } from '../api';
import { BONUS_TEMPLATE_HINT, validateBonusTemplate } from '../model/bonusTemplate';
import { validateSettings, withoutSeparators, type SettingsFormValues } from '../model/settingsValidation';

export const TOGGLES_LOCKED = 'Solo il super admin può abilitare o disabilitare i servizi';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Section = styled(Card).attrs({ as: 'section' })`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { margin: 0; }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

type Flags = Pick<TwilioSettings, 'whatsappEnabled' | 'smsEnabled' | 'emailEnabled'>;

/** Everything the form edits; `bonusTemplate` undefined when the API does not know it yet (an older server). */
type MessagingSettingsForm = SettingsFormValues & Partial<Flags> & { bonusTemplate?: string; sendFrom?: number; sendUntil?: number };

/** The widest sending window of marketing and automatic messages (quiet hours, the API's rule): a shop may only narrow it. */
export const SEND_WINDOW = { from: 9, until: 20 } as const;
export const SEND_WINDOW_HINT =
  'Campagne, SMS Facile, promemoria e auguri partono solo in questo orario (ora italiana); fuori orario aspettano in coda. Al massimo dalle 9 alle 20. Link di accesso e messaggi di servizio partono sempre.';
export const SEND_WINDOW_ORDER = 'L’orario di fine deve essere dopo quello di inizio';
const hours = (from: number, until: number) => Array.from({ length: until - from + 1 }, (_, i) => from + i);

/**
 * The formats the API enforces (settingsValidation.ts, bonusTemplate.ts: the same rules, tested there), each
 * message under its field. A switch the admin may not change is disabled, so it may be missing.
 */
const settingsFormSchema = z
  .object({
    accountSid: z.string(),
    authToken: z.string(),
    phoneNumber: z.string(),
    messagingServiceSid: z.string(),
    emailSender: z.string(),
    whatsappEnabled: z.optional(z.boolean()),
    smsEnabled: z.optional(z.boolean()),
    emailEnabled: z.optional(z.boolean()),
    bonusTemplate: z.optional(z.string()),
    sendFrom: z.optional(z.number()),
    sendUntil: z.optional(z.number()),
  })
  .check(
    z.superRefine((form, ctx) => {
      for (const [field, message] of Object.entries(validateSettings(form))) ctx.issues.push({ code: 'custom', message, path: [field], input: form });
      const template = form.bonusTemplate === undefined ? undefined : validateBonusTemplate(form.bonusTemplate);
      if (template) ctx.issues.push({ code: 'custom', message: template, path: ['bonusTemplate'], input: form.bonusTemplate });
      if (form.sendFrom !== undefined && form.sendUntil !== undefined && form.sendFrom >= form.sendUntil)
        ctx.issues.push({ code: 'custom', message: SEND_WINDOW_ORDER, path: ['sendUntil'], input: form.sendUntil });
    }),
  );

export interface SettingsFormProps {
  businessId: string;
  settings: TwilioSettings;
  /** Only a super admin switches channels on or off: the platform decides what a shop may use. */
  canToggleServices: boolean;
}

export function SettingsForm({ businessId, settings, canToggleServices }: SettingsFormProps) {
  const notify = useNotify();
  const lockedHintId = useId();
  const [save, { isLoading }] = useSaveTwilioSettingsMutation();
  const { register, handleSubmit, setValue, setError, formState } = useForm<MessagingSettingsForm>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: {
      accountSid: settings.accountSid,
      authToken: '',
      phoneNumber: settings.phoneNumber,
      messagingServiceSid: settings.messagingServiceSid,
      emailSender: settings.emailSender,
      whatsappEnabled: settings.whatsappEnabled,
      smsEnabled: settings.smsEnabled,
      emailEnabled: settings.emailEnabled,
      bonusTemplate: settings.bonusTemplate,
      sendFrom: settings.sendFrom,
      sendUntil: settings.sendUntil,
    },
  });
  const { errors } = formState;
  const saveError = errors.root?.server?.message;
  // The bonus WhatsApp's text is edited only where the API knows it.
  const hasBonusTemplate = settings.bonusTemplate !== undefined;
  // Likewise the sending window (quiet hours).
  const hasSendWindow = settings.sendFrom !== undefined && settings.sendUntil !== undefined;

  const field = (name: keyof SettingsFormValues) => ({ error: errors[name]?.message, ...register(name) });

  const toggle = (name: keyof Flags) => (
    <Checkbox
      label={{ whatsappEnabled: 'WhatsApp abilitato', smsEnabled: 'SMS abilitato', emailEnabled: 'Email abilitata' }[name]}
      disabled={!canToggleServices}
      aria-describedby={canToggleServices ? undefined : lockedHintId}
      {...register(name)}
    />
  );

  const submit = handleSubmit(async (values) => {
    if (isLoading) return;
    const update: TwilioSettingsUpdate = {
      accountSid: values.accountSid.trim(),
      phoneNumber: withoutSeparators(values.phoneNumber),
      messagingServiceSid: values.messagingServiceSid.trim(),
      emailSender: values.emailSender.trim(),
      // Left empty, the saved token stays: it is never sent back to the browser.
      ...(values.authToken.trim() ? { authToken: values.authToken.trim() } : {}),
      ...(canToggleServices ? { whatsappEnabled: Boolean(values.whatsappEnabled), smsEnabled: Boolean(values.smsEnabled), emailEnabled: Boolean(values.emailEnabled) } : {}),
      ...(values.bonusTemplate === undefined ? {} : { bonusTemplate: values.bonusTemplate.trim() }),
      ...(hasSendWindow ? { sendFrom: values.sendFrom, sendUntil: values.sendUntil } : {}),
    };
    try {
      const result = await save({ businessId, settings: update }).unwrap();
      notify.success(result.message || MESSAGES.twilioSettingsSaved);
      setValue('authToken', '');
      setValue('phoneNumber', result.settings.phoneNumber);
      if (result.settings.bonusTemplate !== undefined) setValue('bonusTemplate', result.settings.bonusTemplate);
    } catch (err) {
      setError('root.server', { message: errorMessage(err, MESSAGES.settingsSaveError) });
    }
  });

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Impostazioni di messaggistica">
      <Section aria-labelledby={`${lockedHintId}-cred`}>
        <h2 id={`${lockedHintId}-cred`}>Credenziali</h2>
        <TextField label="Account SID" placeholder="AC…" autoComplete="off" spellCheck={false} {...field('accountSid')} />
        <TextField
          label="Auth Token"
          type="password"
          autoComplete="new-password"
          hint={
            settings.authToken
              ? `Token salvato: ${settings.authToken}. Lascia vuoto per mantenerlo.`
              : 'Nessun token salvato.'
          }
          {...field('authToken')}
        />
        <TextField label="Numero di telefono" type="tel" placeholder="+393331234567" autoComplete="off" {...field('phoneNumber')} />
        <TextField label="Messaging Service SID (facoltativo)" placeholder="MG…" autoComplete="off" spellCheck={false} {...field('messagingServiceSid')} />
      </Section>
      {!canToggleServices && <Hint id={lockedHintId}>{TOGGLES_LOCKED}.</Hint>}
      <Section aria-labelledby={`${lockedHintId}-sms`}>
        <h2 id={`${lockedHintId}-sms`}>SMS</h2>
        <p>Gli SMS partono dal numero di telefono o dal Messaging Service indicati nelle credenziali.</p>
        {toggle('smsEnabled')}
      </Section>
      <Section aria-labelledby={`${lockedHintId}-wa`}>
        <h2 id={`${lockedHintId}-wa`}>WhatsApp</h2>
        <p>I messaggi WhatsApp usano lo stesso numero, abilitato a WhatsApp Business.</p>
        {toggle('whatsappEnabled')}
        {hasBonusTemplate && (
          <Field label="Messaggio bonus" hint={BONUS_TEMPLATE_HINT} error={errors.bonusTemplate?.message}>
            {(control) => <Textarea {...control} rows={3} {...register('bonusTemplate')} />}
          </Field>
        )}
      </Section>
      <Section aria-labelledby={`${lockedHintId}-email`}>
        <h2 id={`${lockedHintId}-email`}>Email</h2>
        <TextField label="Mittente email" type="text" inputMode="email" placeholder="Negozio <negozio@example.it>" hint="L'indirizzo, anche con il nome che i clienti vedono; senza nome si usa il nome del negozio" autoComplete="off" {...field('emailSender')} />
        {toggle('emailEnabled')}
      </Section>
      {hasSendWindow && (
        <Section aria-labelledby={`${lockedHintId}-window`}>
          <h2 id={`${lockedHintId}-window`}>Orario di invio</h2>
          <Hint>{SEND_WINDOW_HINT}</Hint>
          <Field label="Dalle ore" error={errors.sendFrom?.message}>
            {(control) => (
              <Select {...control} {...register('sendFrom', { valueAsNumber: true })}>
                {hours(SEND_WINDOW.from, SEND_WINDOW.until - 1).map((h) => (
                  <option key={h} value={h}>{`${h}:00`}</option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Alle ore" error={errors.sendUntil?.message}>
            {(control) => (
              <Select {...control} {...register('sendUntil', { valueAsNumber: true })}>
                {hours(SEND_WINDOW.from + 1, SEND_WINDOW.until).map((h) => (
                  <option key={h} value={h}>{`${h}:00`}</option>
                ))}
              </Select>
            )}
          </Field>
        </Section>
      )}
      {saveError && <FormAlert role="alert">{saveError}</FormAlert>}
      <div>
        <Button type="submit" loading={isLoading}>
          Salva impostazioni
        </Button>
      </div>
    </Form>
  );
}
