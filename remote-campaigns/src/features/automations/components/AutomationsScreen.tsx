import styled from 'styled-components';
import {
  Button,
  ButtonRow,
  Checkbox,
  Field,
  FormAlert,
  MESSAGES,
  NoBusinessState,
  QueryState,
  ScreenHeader,
  Select,
  Spinner,
  StackedForm,
  TextField,
  Textarea,
  autoFitGrid,
  errorMessage,
  formatCount,
  useCurrentBusiness,
  type Business,
} from '@loyalty/shared';
import { useGetAutomationsQuery, type AutomationCounts, type Automations } from '../api';
import { useAutomationForm } from '../hooks/useAutomationForm';
import { WIN_BACK_PLACEHOLDERS } from '../model/automationForm';

export const AUTOMATIONS_INTRO =
  'Messaggi che partono da soli: solo a chi ha dato il consenso sul canale, mai tra le 20 e le 9 (o fuori dall’orario di invio scelto nelle impostazioni) ' +
  'e al massimo un messaggio promozionale al giorno per carta, tra campagne e automazioni.';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  blockquote { margin: ${({ theme }) => theme.space.sm} 0; font-style: italic; }
`;

const FieldRow = styled.div`
  ${autoFitGrid('10rem')}
  align-items: start;
`;

/** «Ultimi 30 giorni: 3 inviati, 1 in coda, 0 non consegnati, 2 saltati». */
export function countsSentence(counts: AutomationCounts): string {
  return `Ultimi 30 giorni: ${formatCount(counts.sent)} inviati, ${formatCount(counts.pending)} in coda, ${formatCount(counts.failed)} non consegnati, ${formatCount(counts.skipped)} saltati`;
}

const stateWord = (on: boolean) => (on ? 'Attivo' : 'Spento');

const CHANNEL_FLAGS = { whatsapp: ['whatsapp_enabled', 'WhatsApp'], sms: ['sms_enabled', 'SMS'], email: ['email_enabled', 'Email'] } as const;

/** «Ci manchi» leaves only on a channel the business has on (the super admin switches them). */
export const channelOffNotice = (label: string) => `Il canale ${label} non è abilitato per questa attività: «Ci manchi» non parte finché non lo è.`;

function AutomationsForm({ business, saved }: { business: Business; saved: Automations }) {
  const form = useAutomationForm(business.id, saved);
  const [flag, label] = CHANNEL_FLAGS[form.channel];
  const { register, errors } = form;
  return (
    <StackedForm onSubmit={(event) => void form.submit(event)} aria-label="Automazioni" noValidate>
      <Section aria-labelledby="automazione-benvenuto">
        <h2 id="automazione-benvenuto">Benvenuto</h2>
        <p>Alla registrazione di una nuova carta dalla pagina pubblica, sul primo canale che raggiunge il cliente.</p>
        <blockquote>{saved.welcome.message}</blockquote>
        <Checkbox label="Invia il messaggio di benvenuto" {...register('welcome_enabled')} />
        <p>{countsSentence(saved.welcome.counts)}</p>
      </Section>

      <Section aria-labelledby="automazione-compleanno">
        <h2 id="automazione-compleanno">Compleanno</h2>
        <p>
          {stateWord(saved.birthday.enabled)}
          {saved.birthday.enabled ? `: ${formatCount(saved.birthday.points)} punti in regalo, il messaggio alle 10 del giorno.` : ': nessun regalo di compleanno.'} Si cambia
          nel programma fedeltà, in «Premi».
        </p>
        <blockquote>{saved.birthday.message}</blockquote>
        <p>{countsSentence(saved.birthday.counts)}</p>
      </Section>

      <Section aria-labelledby="automazione-ci-manchi">
        <h2 id="automazione-ci-manchi">Ci manchi</h2>
        <p>Un messaggio a chi non torna da un certo numero di giorni: uno per ogni assenza (una nuova visita ne apre un’altra).</p>
        <Checkbox label="Invia il messaggio «Ci manchi»" {...register('win_back_enabled')} />
        <FieldRow>
          <TextField label="Dopo quanti giorni senza visite" inputMode="numeric" error={errors.win_back_days?.message} {...register('win_back_days')} />
          <Field label="Canale">
            {(control) => (
              <Select {...control} {...register('win_back_channel')}>
                <option value="whatsapp">WhatsApp</option>
                <option value="sms">SMS</option>
                <option value="email">Email</option>
              </Select>
            )}
          </Field>
        </FieldRow>
        {business[flag] !== 1 && <p role="note">{channelOffNotice(label)}</p>}
        <FieldRow>
          <TextField label="Punti bonus (facoltativi)" hint="Vuoto: nessun bonus" inputMode="numeric" error={errors.win_back_bonus_points?.message} {...register('win_back_bonus_points')} />
          <TextField label="Validi per giorni" hint="Poi scadono" inputMode="numeric" error={errors.win_back_bonus_days?.message} {...register('win_back_bonus_days')} />
        </FieldRow>
        <Field
          label="Messaggio «Ci manchi»"
          hint={`Vuoto: «${saved.win_back.default_message}». Segnaposto: ${WIN_BACK_PLACEHOLDERS.join(', ')}. Al massimo 160 caratteri per SMS e WhatsApp.`}
          error={errors.win_back_message?.message}
        >
          {(control) => <Textarea {...control} rows={3} placeholder={saved.win_back.default_message} {...register('win_back_message')} />}
        </Field>
        <p>{countsSentence(saved.win_back.counts)}</p>
      </Section>

      {form.serverError && <FormAlert role="alert">{form.serverError}</FormAlert>}
      <ButtonRow>
        <Button type="submit" disabled={!form.changed} loading={form.busy}>
          Salva automazioni
        </Button>
      </ButtonRow>
    </StackedForm>
  );
}

function BusinessAutomations({ business }: { business: Business }) {
  const query = useGetAutomationsQuery(business.id);
  return (
    <QueryState query={query} loadingLabel="Caricamento delle automazioni…" errorMessage={(error) => errorMessage(error, MESSAGES.settingsLoadError)}>
      {/* Saved by anyone (this form too): the form starts again from what the server now has. */}
      {(saved) => <AutomationsForm key={JSON.stringify(saved)} business={business} saved={saved} />}
    </QueryState>
  );
}

/** The owner's automatic messages: the welcome, the birthday and «Ci manchi» (decision 080). */
export function AutomationsScreen() {
  const { business, isLoading } = useCurrentBusiness();
  return (
    <div>
      <ScreenHeader>
        <h1>Automazioni</h1>
      </ScreenHeader>
      <p>{AUTOMATIONS_INTRO}</p>
      {isLoading ? <Spinner label="Caricamento delle automazioni…" /> : !business ? <NoBusinessState /> : <BusinessAutomations key={business.id} business={business} />}
    </div>
  );
}
