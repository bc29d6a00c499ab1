import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Tabs } from '../Tabs';

const settingsTabs = [
  { id: 'account', label: 'Account', content: <p>Cambio password</p> },
  { id: 'aziende', label: 'Aziende', content: <p>Nuova azienda</p> },
  { id: 'servizi', label: 'Servizi', content: <p>Servizi per azienda</p> },
];

function renderTabs() {
  return renderWithProviders(<Tabs label="Impostazioni" tabs={settingsTabs} />);
}

const tab = (name: string) => screen.getByRole('tab', { name });

it('shows the first tab selected with its panel', () => {
  renderTabs();

  expect(screen.getByRole('tablist', { name: 'Impostazioni' })).toBeInTheDocument();
  expect(tab('Account')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Account' })).toHaveTextContent('Cambio password');
});

it('puts only the selected tab in the Tab order', async () => {
  const { user } = renderTabs();

  await user.tab();
  expect(tab('Account')).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('tabpanel', { name: 'Account' })).toHaveFocus();
});

it('moves and selects with the arrow keys, wrapping at both ends', async () => {
  const { user } = renderTabs();
  await user.tab();

  await user.keyboard('{ArrowRight}');
  expect(tab('Aziende')).toHaveFocus();
  expect(tab('Aziende')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Aziende' })).toHaveTextContent('Nuova azienda');

  await user.keyboard('{ArrowRight}{ArrowRight}');
  expect(tab('Account')).toHaveFocus();

  await user.keyboard('{ArrowLeft}');
  expect(tab('Servizi')).toHaveFocus();
  expect(tab('Servizi')).toHaveAttribute('aria-selected', 'true');
});

it('jumps with Home and End', async () => {
  const { user } = renderTabs();
  await user.tab();

  await user.keyboard('{End}');
  expect(tab('Servizi')).toHaveFocus();
  await user.keyboard('{Home}');
  expect(tab('Account')).toHaveFocus();
  expect(screen.getByRole('tabpanel', { name: 'Account' })).toBeVisible();
});

it('selects on click', async () => {
  const { user } = renderTabs();

  await user.click(tab('Servizi'));

  expect(screen.getByRole('tabpanel', { name: 'Servizi' })).toHaveTextContent('Servizi per azienda');
  expect(screen.queryByText('Cambio password')).not.toBeInTheDocument();
});
