import { screenTitle } from '../useScreenTitle';

it('names a dashboard tab after its screen and the brand, and only the brand where the path has no heading', () => {
  expect(screenTitle('/dashboard', 'Appo')).toBe('Panoramica – Appo');
  expect(screenTitle('/dashboard/rewards', 'Appo')).toBe('Premi – Appo');
  expect(screenTitle('/dashboard/loyalty-cards/', 'Bar Sport')).toBe('Carte Fedeltà – Bar Sport');
  expect(screenTitle('/nessuna-pagina', 'Appo')).toBe('Appo');
});
