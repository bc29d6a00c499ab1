import { MESSAGES } from '../../messages';
import { errorMessage } from '../errorMessage';

const fallback = MESSAGES.pointsUpdateError;

it("shows the response's error field", () => {
  expect(errorMessage({ status: 400, data: { error: 'Punti non validi' } }, fallback)).toBe(
    'Punti non validi',
  );
});

it.each([
  ['a response without body', { status: 500 }],
  ['a response with an empty error', { status: 400, data: { error: '  ' } }],
  ['a response whose body is not JSON', { status: 'PARSING_ERROR', data: '<html>', error: 'x' }],
  ['a network failure', { status: 'FETCH_ERROR', error: 'TypeError: fetch failed' }],
  ['a thrown Error', new Error('boom')],
  ['nothing at all', undefined],
])('falls back to the Italian default for %s', (_case, error) => {
  expect(errorMessage(error, fallback)).toBe('Errore aggiornamento punti');
});
