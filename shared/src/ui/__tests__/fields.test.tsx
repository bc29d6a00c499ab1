import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Checkbox } from '../Checkbox';
import { EmptyState } from '../EmptyState';
import { ErrorState } from '../ErrorState';
import { Field } from '../Field';
import { Select } from '../Input';
import { Spinner } from '../Spinner';
import { TextField } from '../TextField';

describe('TextField', () => {
  it('is labelled and describes its error', () => {
    renderWithProviders(
      <TextField label="Nuova password" hint="Almeno 8 caratteri" error="Le password non corrispondono" />,
    );

    const input = screen.getByLabelText('Nuova password');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Almeno 8 caratteri Le password non corrispondono');
  });

  it('is valid and undescribed without error or hint', () => {
    renderWithProviders(<TextField label="Email" type="email" />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

it('Field labels any control, e.g. a select', async () => {
  const { user } = renderWithProviders(
    <Field label="Stato">
      {(control) => (
        <Select {...control} defaultValue="draft">
          <option value="draft">Bozza</option>
          <option value="active">Attiva</option>
        </Select>
      )}
    </Field>,
  );

  await user.selectOptions(screen.getByRole('combobox', { name: 'Stato' }), 'Attiva');

  expect(screen.getByRole('combobox', { name: 'Stato' })).toHaveValue('active');
});

it('Checkbox is toggled through its label text', async () => {
  const { user } = renderWithProviders(<Checkbox label="Analitici" />);

  await user.click(screen.getByText('Analitici'));

  expect(screen.getByRole('checkbox', { name: 'Analitici' })).toBeChecked();
});

it('ErrorState alerts and offers Riprova', async () => {
  const onRetry = jest.fn();
  const { user } = renderWithProviders(
    <ErrorState message="Errore durante il caricamento delle carte" onRetry={onRetry} />,
  );

  expect(screen.getByRole('alert')).toHaveTextContent('Errore durante il caricamento delle carte');
  await user.click(screen.getByRole('button', { name: 'Riprova' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

it("Spinner announces 'Caricamento…'", () => {
  renderWithProviders(<Spinner />);

  expect(screen.getByRole('status')).toHaveTextContent('Caricamento…');
});

it('EmptyState says what is missing and offers the next step', () => {
  renderWithProviders(
    <EmptyState message="No cards found" action={<button type="button">Crea Nuova Campagna</button>} />,
  );

  expect(screen.getByText('No cards found')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Crea Nuova Campagna' })).toBeInTheDocument();
});
