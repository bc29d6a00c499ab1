import { BONUS_TEMPLATE_ERRORS, validateBonusTemplate } from '../bonusTemplate';

it('accepts the default text and any use of the known placeholders', () => {
  expect(validateBonusTemplate('Complimenti {nome}! Con {punti} punti hai raggiunto un premio da {negozio}.')).toBeUndefined();
  expect(validateBonusTemplate('{traguardo} punti: premio! {nome} {nome}, sconto 10% {ok')).toBeUndefined();
  expect(validateBonusTemplate(`${'x'.repeat(1590)} {nome}`)).toBeUndefined();
});

it('refuses an empty text, one over 1600 characters and unknown placeholders, as the API does', () => {
  expect(validateBonusTemplate('')).toBe(BONUS_TEMPLATE_ERRORS.empty);
  expect(validateBonusTemplate('   ')).toBe('Il messaggio bonus non può essere vuoto');
  expect(validateBonusTemplate('x'.repeat(1601))).toBe('Il messaggio bonus non può superare i 1600 caratteri');
  expect(validateBonusTemplate('Ciao {nome}, hai {saldo} punti {} {saldo}')).toBe(
    'Segnaposto sconosciuto nel messaggio bonus: {saldo}, {}. Usa {nome}, {punti}, {negozio}, {traguardo}',
  );
});
