import { Button, ButtonRow, Field, FormAlert, MESSAGES, QueryState, Select, StackedForm, Textarea, errorMessage } from '@loyalty/shared';
import { unitWord } from '../../../shared/loyaltyMode';
import { useGetProgramQuery, type Program } from '../api';
import { useProgramForm } from '../hooks/useProgramForm';
import { BIRTHDAY_PLACEHOLDERS, DEFAULT_BIRTHDAY_MESSAGE } from '../model/programForm';
import { CountField } from './CountField';
import { FieldRow, Section } from './layout';

function ProgramForm({ businessId, saved }: { businessId: string; saved: Program }) {
  const program = useProgramForm(businessId, saved);
  const { register, errors } = program;
  const unit = unitWord(program.mode);
  return (
    <StackedForm onSubmit={(event) => void program.submit(event)} aria-label="Programma fedeltà" noValidate>
      <FieldRow>
        <Field
          label="Il programma raccoglie"
          hint="Con i timbri i saldi sono numeri interi: «Aggiungi» parte da 1 timbro. Il passaggio ai timbri è rifiutato finché una carta ha un saldo con decimali."
        >
          {(control) => (
            <Select {...control} {...register('loyalty_mode')}>
              <option value="points">Punti</option>
              <option value="stamps">Timbri</option>
            </Select>
          )}
        </Field>
        <Field label={`Scadenza dei ${unit}`} hint={`I ${unit} più vecchi scadono per primi; i clienti ricevono un promemoria prima.`}>
          {(control) => (
            <Select {...control} {...register('expiry')}>
              <option value="never">Mai</option>
              <option value="months">Dopo un numero di mesi</option>
            </Select>
          )}
        </Field>
      </FieldRow>
      {program.expires && (
        <FieldRow>
          <CountField label="Mesi di validità" hint="Da 1 a 120 mesi da quando sono stati guadagnati" error={errors.expiry_months} {...register('expiry_months')} />
          <CountField label="Promemoria (giorni prima della scadenza)" hint="Da 1 a 90 giorni" error={errors.expiry_reminder_days} {...register('expiry_reminder_days')} />
        </FieldRow>
      )}
      <CountField
        label={`Regalo di compleanno (${unit})`}
        hint="0: nessun regalo. Accreditato una volta l’anno, il giorno del compleanno del cliente."
        error={errors.birthday_points}
        {...register('birthday_points')}
      />
      <Field
        label="Messaggio di compleanno"
        hint={`Vuoto: «${DEFAULT_BIRTHDAY_MESSAGE}». Segnaposto: ${BIRTHDAY_PLACEHOLDERS.join(', ')}.`}
        error={errors.birthday_message?.message}
      >
        {(control) => <Textarea {...control} rows={2} placeholder={DEFAULT_BIRTHDAY_MESSAGE} {...register('birthday_message')} />}
      </Field>
      {program.serverError && <FormAlert role="alert">{program.serverError}</FormAlert>}
      <ButtonRow>
        <Button type="submit" variant="secondary" disabled={!program.changed} loading={program.busy}>
          Salva programma
        </Button>
      </ButtonRow>
    </StackedForm>
  );
}

/** Points or stamps, expiry and the birthday gift of the business; mount it with `key={businessId}`. */
export function ProgramSettings({ businessId }: { businessId: string }) {
  const query = useGetProgramQuery(businessId);
  return (
    <Section aria-labelledby="programma-fedelta">
      <h2 id="programma-fedelta">Programma fedeltà</h2>
      <QueryState query={query} loadingLabel="Caricamento del programma…" errorMessage={(error) => errorMessage(error, MESSAGES.settingsLoadError)}>
        {/* Saved by anyone (this form too): the form starts again from what the server now has. */}
        {(saved) => <ProgramForm key={JSON.stringify(saved)} businessId={businessId} saved={saved} />}
      </QueryState>
    </Section>
  );
}
