import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Button } from '../Button';

it('while loading is busy, disabled and keeps its name', async () => {
  const onClick = jest.fn();
  const { user } = renderWithProviders(
    <Button loading onClick={onClick}>
      Accedi
    </Button>,
  );

  const button = screen.getByRole('button', { name: 'Accedi' });
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');

  await user.click(button);
  expect(onClick).not.toHaveBeenCalled();
});

it('when idle is a plain clickable button that does not submit forms by accident', async () => {
  const onClick = jest.fn();
  const { user } = renderWithProviders(<Button onClick={onClick}>Accedi</Button>);

  const button = screen.getByRole('button', { name: 'Accedi' });
  expect(button).toBeEnabled();
  expect(button).not.toHaveAttribute('aria-busy');
  expect(button).toHaveAttribute('type', 'button');

  await user.click(button);
  expect(onClick).toHaveBeenCalledTimes(1);
});
