import { Button, ButtonRow, Checkbox, Field, FormAlert, Input, MESSAGES, QueryState, Select, StackedForm, Textarea, errorMessage } from '@loyalty/shared';
import { unitWord } from '../../../shared/loyaltyMode';
import { useGetProgramQuery, type Program } from '../api';
import { useProgramForm } from '../hooks/useProgramForm';
import { BIRTHDAY_PLACEHOLDERS, DEFAULT_BIRTHDAY_MESSAGE } from '../model/programForm';
import { CountField } from './CountField';
import { FractionalBalances } from './FractionalBalances';
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
          hint="Con i timbri i saldi sono numeri interi: «Aggiungi» parte da 1 timbro. Il passaggio ai timbri è rifiutato finché una carta ha un saldo con decimali: scegliendo «Timbri» le carte compaiono qui, da arrotondare."
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
      {/* A switch to stamps: the balances with decimals that stop it, with a way to round them. */}
      {program.mode === 'stamps' && saved.loyalty_mode === 'points' && <FractionalBalances businessId={businessId} />}
      <FieldRow>
        <Field
          label={`Come si guadagnano i ${unit}`}
          hint="Vale da ora: il registro conserva per ogni vendita la regola e le promozioni con cui è stata calcolata."
        >
          {(control) => (
            <Select {...control} {...register('earning_rule')}>
              <option value="manual">Scritti a mano alla cassa</option>
              <option value="per_euro">Dall’importo speso</option>
              <option value="per_visit">Per visita</option>
            </Select>
          )}
        </Field>
      </FieldRow>
      {program.rule === 'per_euro' && (
        <FieldRow>
          <CountField label={`${unit.charAt(0).toUpperCase()}${unit.slice(1)} guadagnati`} hint="Da 1 a 10.000" error={errors.earn_points} {...register('earn_points')} />
          <Field label="Ogni (€)" hint="Per esempio 1 (1 punto ogni 1 €) o 10" error={errors.earn_every?.message}>
            {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('earn_every')} />}
          </Field>
          <Field label="Arrotondamento">
            {(control) => (
              <Select {...control} {...register('earn_rounding')}>
                <option value="down">Per difetto (23,50 € → 23)</option>
                <option value="nearest">Al più vicino (23,50 € → 24)</option>
              </Select>
            )}
          </Field>
          <Field label="Spesa minima (€)" hint="Facoltativa: sotto questa spesa nessun punto" error={errors.min_spend?.message}>
            {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('min_spend')} />}
          </Field>
        </FieldRow>
      )}
      {program.rule === 'per_visit' && (
        <FieldRow>
          <CountField label={`${unit.charAt(0).toUpperCase()}${unit.slice(1)} per visita`} hint="Da 1 a 10.000" error={errors.visit_points} {...register('visit_points')} />
          <Checkbox label="Al massimo una visita al giorno per carta" {...register('visit_once_per_day')} />
        </FieldRow>
      )}
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
