import { useState } from 'react';
import { screen } from '@testing-library/react';
import { MESSAGES } from '../../messages';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { useSaveSettings } from '../useSaveSettings';

/** A settings form whose save either succeeds or fails as RTK Query's `unwrap()` would. */
function SettingsForm({ failure }: { failure?: unknown }) {
  const saveSettings = useSaveSettings();
  const [refusal, setRefusal] = useState('');
  const call = { unwrap: () => (failure === undefined ? Promise.resolve({}) : Promise.reject(failure)) };
  return (
    <>
      <button type="button" onClick={() => void saveSettings(call, 'Automazioni salvate', setRefusal)}>
        Salva
      </button>
      <p data-testid="refusal">{refusal}</p>
    </>
  );
}

it('announces the screen’s words when the server saved the change, and refuses nothing', async () => {
  const { user } = renderWithProviders(<SettingsForm />);

  await user.click(screen.getByRole('button', { name: 'Salva' }));

  expect(await screen.findByRole('status')).toHaveTextContent('Automazioni salvate');
  expect(screen.getByTestId('refusal')).toBeEmptyDOMElement();
});

it('hands the API’s own sentence to the form when the server refuses, and announces no success', async () => {
  const { user } = renderWithProviders(<SettingsForm failure={{ status: 400, data: { error: 'Il numero di giorni deve essere almeno 7' } }} />);

  await user.click(screen.getByRole('button', { name: 'Salva' }));

  expect(await screen.findByText('Il numero di giorni deve essere almeno 7')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('falls back to the settings message when the failure carries no sentence (network down)', async () => {
  const { user } = renderWithProviders(<SettingsForm failure={{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }} />);

  await user.click(screen.getByRole('button', { name: 'Salva' }));

  expect(await screen.findByText(MESSAGES.settingsSaveError)).toBeInTheDocument();
});
