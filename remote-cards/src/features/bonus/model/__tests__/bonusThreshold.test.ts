import { confirmQuestion, savedMessage } from '../bonusMessages';
import { parseThreshold } from '../bonusThreshold';

describe('parseThreshold', () => {
  it.each([
    ['1000', 1000],
    [' 1 ', 1],
    ['1000000000', 1_000_000_000],
    ['1000000001', null],
    ['0', null],
    ['-5', null],
    ['12.5', null],
    ['1e3', null],
    ['', null],
    ['abc', null],
  ])('%p → %p', (input, value) => expect(parseThreshold(input)).toBe(value));
});

it('asks and reports in Italian, singular and plural', () => {
  expect(confirmQuestion(1)).toBe('La nuova soglia invierà 1 messaggio bonus. Confermi?');
  expect(confirmQuestion(12)).toBe('La nuova soglia invierà 12 messaggi bonus. Confermi?');
  expect(savedMessage({ messages: 0 })).toBe('Soglia bonus salvata');
  expect(savedMessage({ messages: 1 })).toBe('Soglia bonus salvata: 1 messaggio bonus in coda');
  expect(savedMessage({ messages: 3 })).toBe('Soglia bonus salvata: 3 messaggi bonus in coda');
});
