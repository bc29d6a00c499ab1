/** The documentation screen: collapsible sections, articles in a dialog, working help box. */
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import { SUPPORT, configureTestRuntime } from '../../../../../test/helpers';
import { DocumentationScreen } from '../DocumentationScreen';
import { FAQ, HELP_SECTIONS } from '../../model/articles';

beforeEach(() => configureTestRuntime());

it('has the three first sections, collapsed until opened', async () => {
  const { user } = renderWithProviders(<DocumentationScreen />);
  expect(screen.getByRole('heading', { level: 1, name: 'Documentazione' })).toBeInTheDocument();
  const summaries = screen.getAllByText(/^(Accesso e Dashboard|Gestione Carte Fedeltà|Comunicazioni e SMS Facili)$/);
  expect(summaries.map((s) => s.textContent)).toEqual(['Accesso e Dashboard', 'Gestione Carte Fedeltà', 'Comunicazioni e SMS Facili']);
  const cards = summaries[1].closest('details')!;
  expect(cards).not.toHaveAttribute('open');
  await user.click(summaries[1]);
  expect(cards).toHaveAttribute('open');
  expect(within(cards).getByRole('button', { name: 'Leggi: Aggiungere punti con il codice QR' })).toBeVisible();
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

it('adds the rewards section after the three first, collapsed, with its six articles', async () => {
  const { user } = renderWithProviders(<DocumentationScreen />);
  const summary = screen.getByText('Premi, timbri e scadenze');
  // Every collapsible of the page: the help sections, then (after the help box) the FAQ's questions.
  expect(screen.getAllByRole('group').map((details) => details.querySelector('summary')!.textContent)).toEqual([
    'Accesso e Dashboard',
    'Gestione Carte Fedeltà',
    'Comunicazioni e SMS Facili',
    'Premi, timbri e scadenze',
    ...FAQ.map((item) => item.question),
  ]);
  const rewards = summary.closest('details')!;
  expect(rewards).not.toHaveAttribute('open');
  await user.click(summary);
  expect(within(rewards).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
    'Leggi: Creare il catalogo premi',
    'Leggi: Riscattare un premio alla cassa',
    'Leggi: Punti o timbri',
    'Leggi: Scadenza dei punti e promemoria',
    'Leggi: Regalo di compleanno',
    'Leggi: Premi e regole sulle operazioni a premio',
  ]);
});

it('tells the shop which prizes can fall under the rules on prize operations (DPR 430/2001), as information only', async () => {
  const { user } = renderWithProviders(<DocumentationScreen />);
  await user.click(screen.getByText('Premi, timbri e scadenze'));
  await user.click(screen.getByRole('button', { name: 'Leggi: Premi e regole sulle operazioni a premio' }));
  const dialog = screen.getByRole('dialog', { name: 'Premi e regole sulle operazioni a premio' });
  expect(dialog).toHaveTextContent('DPR 26 ottobre 2001 n. 430');
  expect(dialog).toHaveTextContent('sconti sul prezzo di prodotti o servizi dello stesso genere');
  expect(dialog).toHaveTextContent('quantità aggiuntive di prodotti dello stesso genere');
  expect(dialog).toHaveTextContent('commercialista');
  expect(dialog).toHaveTextContent('Ministero delle Imprese e del Made in Italy');
  expect(dialog).toHaveTextContent('non è una consulenza legale');
  await user.keyboard('{Escape}');
  // The catalogue article, where prizes are chosen, sends the reader there.
  await user.click(screen.getByRole('button', { name: 'Leggi: Creare il catalogo premi' }));
  expect(screen.getByRole('dialog', { name: 'Creare il catalogo premi' })).toHaveTextContent('«Premi e regole sulle operazioni a premio»');
});

it('explains stamps with the coffee card, and expiry oldest points first with the reminder', async () => {
  const { user } = renderWithProviders(<DocumentationScreen />);
  await user.click(screen.getByText('Premi, timbri e scadenze'));
  await user.click(screen.getByRole('button', { name: 'Leggi: Punti o timbri' }));
  const stamps = screen.getByRole('dialog', { name: 'Punti o timbri' });
  expect(within(stamps).getByRole('heading', { level: 3, name: 'Esempio: 10 caffè, l’undicesimo è gratis' })).toBeInTheDocument();
  expect(within(stamps).getAllByRole('listitem')).toHaveLength(4);
  expect(stamps).toHaveTextContent('mostra i timbri raccolti sul costo del prossimo premio');
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: 'Leggi: Scadenza dei punti e promemoria' }));
  const expiry = screen.getByRole('dialog', { name: 'Scadenza dei punti e promemoria' });
  expect(expiry).toHaveTextContent('I punti più vecchi scadono per primi');
  expect(expiry).toHaveTextContent('14 se non lo cambi');
  expect(expiry).toHaveTextContent('scadono il 15/03/2027');
});

it("gives every article's subheadings the level under the dialog's title, in order", async () => {
  const { user } = renderWithProviders(<DocumentationScreen />);
  for (const section of HELP_SECTIONS) {
    await user.click(screen.getByText(section.title));
    for (const article of section.articles) {
      const headings = article.body.flatMap((block) => (typeof block === 'object' && 'heading' in block ? [block.heading] : []));
      await user.click(screen.getByRole('button', { name: `Leggi: ${article.title}` }));
      const dialog = screen.getByRole('dialog', { name: article.title });
      expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(article.title);
      expect(within(dialog).queryAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(headings);
      expect(within(dialog).queryAllByRole('heading').map((h) => h.tagName)).toEqual(['H2', ...headings.map(() => 'H3')]);
      await user.keyboard('{Escape}');
    }
  }
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
