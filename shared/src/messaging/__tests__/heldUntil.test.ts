import { heldUntilText } from '../heldUntil';

describe('heldUntilText', () => {
  it('says when held messages leave, in Rome time: that day, «domani», or the date; one message in the singular', () => {
    // 07:30 Rome (winter): the window opens at 9:00 the same day.
    expect(heldUntilText('2030-01-15T08:00:00.000Z', 12, new Date('2030-01-15T06:30:00Z'))).toBe('Fuori dall’orario di invio: i messaggi partiranno alle 9:00.');
    // 21:00 Rome: after the window's end, 9:00 the next day.
    expect(heldUntilText('2030-01-16T08:00:00.000Z', 12, new Date('2030-01-15T20:00:00Z'))).toBe('Fuori dall’orario di invio: i messaggi partiranno domani alle 9:00.');
    // 00:30 Rome is already the next day there (23:30 UTC the day before): the same day's 9:00, not «domani».
    expect(heldUntilText('2030-01-16T08:00:00.000Z', 2, new Date('2030-01-15T23:30:00Z'))).toBe('Fuori dall’orario di invio: i messaggi partiranno alle 9:00.');
    // Summer time, a shop opening at 10:00, one message.
    expect(heldUntilText('2030-07-11T08:00:00.000Z', 1, new Date('2030-07-10T17:30:00Z'))).toBe('Fuori dall’orario di invio: il messaggio partirà domani alle 10:00.');
    // Further away (a clock far behind the server's): the date.
    expect(heldUntilText('2030-01-18T08:00:00.000Z', 3, new Date('2030-01-15T20:00:00Z'))).toBe('Fuori dall’orario di invio: i messaggi partiranno il 18/01/2030 alle 9:00.');
  });

  it('says Easy SMS’s single message in the singular (SPEC’s wording of issue 39)', () => {
    expect(heldUntilText('2030-03-06T08:00:00.000Z', 1, new Date('2030-03-05T20:00:00Z'))).toBe('Fuori dall’orario di invio: il messaggio partirà domani alle 9:00.');
  });
});
