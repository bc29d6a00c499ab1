/**
 * The threshold's form before its rule is in (decision 107: shared's form rules load when the form is first shown).
 * «Salva soglia» is not held off without a word while the rule loads; a rule that cannot load (the connection gone
 * since the screen opened) says so in the field and sends nothing; the next save tries the load again.
 * The rule's module is the real one; only its load fails while `mockOffline` is set (Jest's `import()` is a
 * require, which throws as a refused chunk would reject).
 */
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import { configureTestRuntime } from '../../../../../test/helpers';
import { FORM_RULES_UNAVAILABLE } from '../../../../shared/onDemand';
import { BonusThresholdForm } from '../BonusThresholdForm';

let mockOffline = true;
jest.mock('../../model/bonusThreshold', () => {
  if (mockOffline) throw new Error('Loading chunk 318 failed.');
  return jest.requireActual('../../model/bonusThreshold');
});

beforeEach(() => configureTestRuntime());

it('takes a save before its rule is in; a rule that cannot load says so and sends nothing, the next save loads it', async () => {
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  const { user } = renderWithProviders(<BonusThresholdForm business={{ id: 'b-1', bonus_threshold: 1000, loyalty_mode: 'points' }} />);
  const input = screen.getByLabelText('Soglia bonus (punti)');
  const save = screen.getByRole('button', { name: 'Salva soglia' });
  // The saved value: nothing to save yet.
  expect(save).toBeDisabled();
  await user.clear(input);
  await user.type(input, '800');
  expect(save).toBeEnabled();
  await user.click(save);
  expect(await screen.findByText(FORM_RULES_UNAVAILABLE)).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveFocus();
  expect(fetchSpy).not.toHaveBeenCalled();

  // The connection back: the next save loads the rule, which then judges what is typed.
  mockOffline = false;
  await user.clear(input);
  await user.type(input, '0');
  await user.click(save);
  expect(await screen.findByText('La soglia deve essere un numero intero di almeno 1')).toBeInTheDocument();
  expect(screen.queryByText(FORM_RULES_UNAVAILABLE)).not.toBeInTheDocument();
  await waitFor(() => expect(save).toBeDisabled());
  expect(fetchSpy).not.toHaveBeenCalled();
  fetchSpy.mockRestore();
});
