import { act, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
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

/** «Salva» busy from its click until `other`, the control beside it, calls `finish`. */
function Saving({ other }: { other: (finish: () => void) => ReactNode }) {
  const [saving, setSaving] = useState(false);
  return (
    <>
      <Button loading={saving} onClick={() => setSaving(true)}>
        Salva
      </Button>
      {other(() => setSaving(false))}
    </>
  );
}

it('gives the focus back to the button pressed once it is done, when disabling it left the focus on the page', async () => {
  const { user } = renderWithProviders(<Saving other={(finish) => <Button onClick={finish}>Fine</Button>} />);
  const save = screen.getByRole('button', { name: 'Salva' });
  save.focus();
  await user.keyboard('{Enter}');
  expect(save).toBeDisabled();
  // What a browser does to a focused button that becomes disabled (HTML's focus fixup; jsdom does not): the focus
  // ends on the page. Here through an element focused and removed.
  const elsewhere = document.body.appendChild(document.createElement('input'));
  elsewhere.focus();
  elsewhere.remove();
  expect(document.body).toHaveFocus();
  act(() => screen.getByRole('button', { name: 'Fine' }).click());
  expect(save).toBeEnabled();
  expect(save).toHaveFocus();
});

it('leaves the focus where the user or the screen moved it meanwhile', async () => {
  const { user } = renderWithProviders(<Saving other={(finish) => <input aria-label="Nota" onFocus={finish} />} />);
  const save = screen.getByRole('button', { name: 'Salva' });
  await user.click(save);
  expect(save).toBeDisabled();
  act(() => screen.getByLabelText('Nota').focus());
  expect(save).toBeEnabled();
  expect(screen.getByLabelText('Nota')).toHaveFocus();
});
