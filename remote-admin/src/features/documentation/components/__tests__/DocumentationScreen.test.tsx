/** The documentation screen (SPEC §2): collapsible sections, articles in a dialog, working help box. */
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import { SUPPORT, configureTestRuntime } from '../../../../../test/helpers';
import { DocumentationScreen } from '../DocumentationScreen';
import { FAQ, HELP_SECTIONS } from '../../model/articles';

beforeEach(() => configureTestRuntime());

it('has the three sections of the spec, collapsed until opened', async () => {
  const { user } = renderWithProviders(<DocumentationScreen />);
  expect(screen.getByRole('heading', { level: 1, name: 'Documentazione' })).toBeInTheDocument();
  const summaries = screen.getAllByText(/^(Accesso e Dashboard|Gestione Carte Fedeltà|Comunicazioni e SMS Facili)$/);
  expect(summaries.map((s) => s.textContent)).toEqual(['Accesso e Dashboard', 'Gestione Carte Fedeltà', 'Comunicazioni e SMS Facili']);
  const cards = summaries[1].closest('details')!;
  expect(cards).not.toHaveAttribute('open');
  await user.click(summaries[1]);
  expect(cards).toHaveAttribute('open');
  expect(within(cards).getByRole('button', { name: 'Leggi: Aggiungere punti con il QR code' })).toBeVisible();
});

it('opens an article in a dialog and closes it with Escape, giving focus back', async () => {
  const { user } = renderWithProviders(<DocumentationScreen />);
  await user.click(screen.getByText('Gestione Carte Fedeltà'));
  const open = screen.getByRole('button', { name: 'Leggi: Soglia bonus' });
  await user.click(open);
  const dialog = screen.getByRole('dialog', { name: 'Soglia bonus' });
  expect(dialog).toHaveTextContent('1000 punti');
  expect(dialog).toHaveTextContent('WhatsApp non abilitato');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(open).toHaveFocus();
});

it('has real text in every article', () => {
  for (const section of HELP_SECTIONS) {
    expect(section.articles.length).toBeGreaterThanOrEqual(3);
    for (const article of section.articles) expect(JSON.stringify(article.body).length).toBeGreaterThan(200);
  }
});

it("'Contatta il Supporto' writes to the configured address and the phone is callable", () => {
  renderWithProviders(<DocumentationScreen />);
  expect(screen.getByRole('link', { name: 'Contatta il Supporto' })).toHaveAttribute('href', `mailto:${SUPPORT.email}`);
  // SUPPORT.phone is '+39 02 1234 5678': shown in the Italian national format.
  expect(screen.getByRole('link', { name: '02 1234 5678' })).toHaveAttribute('href', 'tel:+390212345678');
});

it("'FAQ' takes the focus to the frequently asked questions, which open one by one", async () => {
  const { user } = renderWithProviders(<DocumentationScreen />);
  await user.click(screen.getByRole('button', { name: 'FAQ' }));
  expect(screen.getByRole('heading', { level: 2, name: 'Domande frequenti' })).toHaveFocus();
  const question = screen.getByText(FAQ[0].question);
  await user.click(question);
  expect(question.closest('details')).toHaveAttribute('open');
  expect(screen.getByText(FAQ[0].answer)).toBeVisible();
});
