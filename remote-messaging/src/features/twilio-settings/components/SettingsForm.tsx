import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, Checkbox, Field, MESSAGES, TextField, Textarea, errorMessage, useNotify } from '@loyalty/shared';
import { useSaveTwilioSettingsMutation, type TwilioSettings, type TwilioSettingsUpdate } from '../api';
import { BONUS_TEMPLATE_HINT, validateBonusTemplate } from '../model/bonusTemplate';
import { validateSettings, withoutSeparators, type SettingsErrors, type SettingsFormValues } from '../model/settingsValidation';

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

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

type Flags = Pick<TwilioSettings, 'whatsappEnabled' | 'smsEnabled' | 'emailEnabled'>;

export interface SettingsFormProps {
  businessId: string;
  settings: TwilioSettings;
  /** Only a super admin switches channels on or off (SPEC §6). */
  canToggleServices: boolean;
}

export function SettingsForm({ businessId, settings, canToggleServices }: SettingsFormProps) {
  const notify = useNotify();
  const lockedHintId = useId();
  const [save, { isLoading }] = useSaveTwilioSettingsMutation();
  const [values, setValues] = useState<SettingsFormValues>({
    accountSid: settings.accountSid,
    authToken: '',
    phoneNumber: settings.phoneNumber,
    messagingServiceSid: settings.messagingServiceSid,
    emailSender: settings.emailSender,
  });
  const [flags, setFlags] = useState<Flags>({
    whatsappEnabled: settings.whatsappEnabled,
    smsEnabled: settings.smsEnabled,
    emailEnabled: settings.emailEnabled,
  });
  const [errors, setErrors] = useState<SettingsErrors>({});
  // The bonus WhatsApp's text; undefined when the API does not know it yet (an older server).
  const [bonusTemplate, setBonusTemplate] = useState(settings.bonusTemplate);
  const [bonusTemplateError, setBonusTemplateError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | null>(null);

  const field = (name: keyof SettingsFormValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const toggle = (name: keyof Flags) => (
    <Checkbox
      label={{ whatsappEnabled: 'WhatsApp abilitato', smsEnabled: 'SMS abilitato', emailEnabled: 'Email abilitata' }[name]}
      checked={flags[name]}
      disabled={!canToggleServices}
      aria-describedby={canToggleServices ? undefined : lockedHintId}
      onChange={(e) => setFlags((f) => ({ ...f, [name]: e.target.checked }))}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setSaveError(null);
    const found = validateSettings(values);
    setErrors(found);
    const templateError = bonusTemplate === undefined ? undefined : validateBonusTemplate(bonusTemplate);
    setBonusTemplateError(templateError);
    if (Object.keys(found).length > 0 || templateError) return;
    const update: TwilioSettingsUpdate = {
      accountSid: values.accountSid.trim(),
      phoneNumber: withoutSeparators(values.phoneNumber),
      messagingServiceSid: values.messagingServiceSid.trim(),
      emailSender: values.emailSender.trim(),
      // Left empty, the saved token stays: it is never sent back to the browser.
      ...(values.authToken.trim() ? { authToken: values.authToken.trim() } : {}),
      ...(canToggleServices ? flags : {}),
      ...(bonusTemplate === undefined ? {} : { bonusTemplate: bonusTemplate.trim() }),
    };
    try {
      const result = await save({ businessId, settings: update }).unwrap();
      notify.success(result.message || MESSAGES.twilioSettingsSaved);
      setValues((v) => ({ ...v, authToken: '', phoneNumber: result.settings.phoneNumber }));
      if (result.settings.bonusTemplate !== undefined) setBonusTemplate(result.settings.bonusTemplate);
    } catch (err) {
      setSaveError(errorMessage(err, MESSAGES.settingsSaveError));
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Impostazioni di messaggistica">
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
        {bonusTemplate !== undefined && (
          <Field label="Messaggio bonus" hint={BONUS_TEMPLATE_HINT} error={bonusTemplateError}>
            {(control) => (
              <Textarea {...control} rows={3} value={bonusTemplate} onChange={(e) => setBonusTemplate(e.target.value)} />
            )}
          </Field>
        )}
      </Section>
      <Section aria-labelledby={`${lockedHintId}-email`}>
        <h2 id={`${lockedHintId}-email`}>Email</h2>
        <TextField label="Mittente email" type="email" placeholder="negozio@example.it" autoComplete="off" {...field('emailSender')} />
        {toggle('emailEnabled')}
      </Section>
      {saveError && <Alert role="alert">{saveError}</Alert>}
      <div>
        <Button type="submit" loading={isLoading}>
          Salva impostazioni
        </Button>
      </div>
    </Form>
  );
}
