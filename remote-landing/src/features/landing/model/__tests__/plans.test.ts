import { PLANS, planRequestMailto } from '../plans';

it('has the two plans: WhatsApp at 20 €, Completo at 30 €', () => {
  expect(PLANS.map(({ title, price, popular, best }) => ({ title, price, popular, best }))).toEqual([
    { title: 'Pacchetto WhatsApp', price: 20, popular: true, best: false },
    { title: 'Pacchetto Completo', price: 30, popular: false, best: true },
  ]);
});

it('writes to support naming the plan', () => {
  const url = new URL(planRequestMailto('supporto@example.it', PLANS[0]));
  expect(url.protocol).toBe('mailto:');
  expect(url.pathname).toBe('supporto@example.it');
  expect(url.searchParams.get('subject')).toBe('Richiesta Pacchetto WhatsApp');
  expect(url.searchParams.get('body')).toContain('Pacchetto WhatsApp (20\u00a0€ al mese)');
});
