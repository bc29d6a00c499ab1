/**
 * What a send the shop's sending window holds says (decision 100): the campaign send's dialog and its delivery
 * figures (the campaigns remote) and Easy SMS (the messaging remote), from the API's `heldUntil`.
 */

/** A moment's calendar day and time in Rome, where the shops' sending window is kept. */
function romeParts(at: Date): { day: number; label: string; hour: string; minute: string } {
  // Intl only here, built when a held send is shown, never on a screen's first paint (decision 096).
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
  return {
    day: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000,
    label: `${parts.day}/${parts.month}/${parts.year}`,
    hour: parts.hour,
    minute: parts.minute,
  };
}

/**
 * From an answer's `heldUntil` (the window's next start): «Fuori dall’orario di invio: i messaggi partiranno alle
 * 9:00.», «… domani alle 9:00.» when that is the day after `now` in Rome, the date when later still; «il messaggio
 * partirà» for one (`count`: the messages held).
 */
export function heldUntilText(heldUntil: string, count: number, now: Date = new Date()): string {
  const release = romeParts(new Date(heldUntil));
  const days = release.day - romeParts(now).day;
  const when = days <= 0 ? '' : days === 1 ? 'domani ' : `il ${release.label} `;
  const leave = count === 1 ? 'il messaggio partirà' : 'i messaggi partiranno';
  return `Fuori dall’orario di invio: ${leave} ${when}alle ${release.hour}:${release.minute}.`;
}
