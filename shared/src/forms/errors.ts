/** What react-hook-form's `formState.errors` holds per field, without importing it (this entry is framework-free). */
type FieldErrorsLike = Partial<Record<string, { message?: unknown } | undefined>>;

/**
 * The message a form with one alert shows: the first field (in the form's order) with an error, or
 * `preferred` when any field has that one (a "fill in everything" message before a field's own).
 */
export function firstErrorMessage(errors: FieldErrorsLike, order: readonly string[], preferred?: string): string | undefined {
  const messages = order.map((name) => errors[name]?.message).filter((m): m is string => typeof m === 'string' && m !== '');
  if (preferred && messages.includes(preferred)) return preferred;
  return messages[0];
}
