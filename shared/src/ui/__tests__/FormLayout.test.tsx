import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { DialogFooter, StackedForm } from '../FormLayout';

function renderFooter(props: { error?: string; loading?: boolean; disabled?: boolean }) {
  const onCancel = jest.fn();
  const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const rendered = renderWithProviders(
    <StackedForm aria-label="Prova" onSubmit={onSubmit}>
      <DialogFooter onCancel={onCancel} loading={false} {...props}>
        Salva
      </DialogFooter>
    </StackedForm>,
  );
  return { ...rendered, onCancel, onSubmit };
}

it("says the server's error as an alert, cancels without submitting and submits with its own button", async () => {
  const { user, onCancel, onSubmit } = renderFooter({ error: 'Nome già usato' });
  expect(screen.getByRole('alert')).toHaveTextContent('Nome già usato');

  await user.click(screen.getByRole('button', { name: 'Annulla' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
  expect(onSubmit).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Salva' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
});

it('has no alert without an error, and its submit button is busy while loading', () => {
  renderFooter({ loading: true });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Salva' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('button', { name: 'Annulla' })).toBeEnabled();
});

it('keeps the submit button disabled when the form cannot be sent yet', () => {
  renderFooter({ disabled: true });
  expect(screen.getByRole('button', { name: 'Salva' })).toBeDisabled();
});
