/**
 * A public page's form, checked with one of shared's form schemas (the same rules the rest of the product
 * uses, `@loyalty/shared/page-script`) and answered where a person looks: each field's message in its error
 * line under it (`[data-field-error=name]`), the field marked invalid and described by that line, and the
 * focus on the first field to fix. For the next page with a form: read its values, `checkForm`, then
 * `showFieldErrors` with the form's field names in order.
 */

/** What a schema's `safeParse` answers, as far as a form needs it (zod/mini's result has this shape). */
interface ParseResult<T> {
  success: boolean;
  data?: T;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

export type FormVerdict<T> = { ok: true; values: T } | { ok: false; errors: Partial<Record<string, string>> };

/** The schema's verdict: the checked values (trimmed where the rule trims), or the first message of each field. */
export function checkForm<T>(schema: { safeParse(values: unknown): ParseResult<T> }, values: unknown): FormVerdict<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, values: result.data as T };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The form's control (input) of this name; for a group of checkboxes, the first. */
function control(form: HTMLFormElement, name: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[name="${name}"]`);
}

/**
 * Writes `errors` under their fields (and clears the other `names`), marks the fields, and moves the focus to
 * the first field to fix in the form's order (`names`), which then reads out its message.
 */
export function showFieldErrors(form: HTMLFormElement, names: readonly string[], errors: Partial<Record<string, string>>): void {
  let first: HTMLElement | null = null;
  for (const name of names) {
    const line = form.querySelector<HTMLElement>(`[data-field-error="${name}"]`);
    const field = control(form, name);
    const text = errors[name] ?? '';
    if (line) {
      line.textContent = text;
      line.hidden = text === '';
    }
    if (!field) continue;
    if (text) {
      field.setAttribute('aria-invalid', 'true');
      if (line?.id) field.setAttribute('aria-describedby', line.id);
      first ??= field;
    } else {
      field.removeAttribute('aria-invalid');
      field.removeAttribute('aria-describedby');
    }
  }
  first?.focus();
}

/** A message line (role=alert or status): hidden while empty, so nothing is read out for it. */
export function showMessage(line: HTMLElement, text: string): void {
  line.textContent = text;
  line.hidden = text === '';
}

/** The form is busy while its call runs: `aria-busy` (which shows the button's spinner) and the button disabled. */
export function setBusy(form: HTMLFormElement, submit: HTMLButtonElement, busy: boolean): void {
  form.setAttribute('aria-busy', String(busy));
  submit.disabled = busy;
}
