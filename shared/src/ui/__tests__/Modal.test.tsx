import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { TextField } from '../TextField';

function CampaignScreen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Crea Nuova Campagna</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Nuova campagna"
        footer={<Button type="submit">Salva</Button>}
      >
        <TextField label="Nome" />
      </Modal>
    </>
  );
}

async function openModal() {
  const rendered = renderWithProviders(<CampaignScreen />);
  await rendered.user.click(screen.getByRole('button', { name: 'Crea Nuova Campagna' }));
  return rendered;
}

it('is a modal dialog named by its title, with focus on the first field', async () => {
  await openModal();

  const dialog = screen.getByRole('dialog', { name: 'Nuova campagna' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByLabelText('Nome')).toHaveFocus();
});

it('keeps Tab and Shift+Tab inside the dialog', async () => {
  const { user } = await openModal();

  await user.tab();
  expect(screen.getByRole('button', { name: 'Salva' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Chiudi' })).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Salva' })).toHaveFocus();
});

it('closes on Escape and gives focus back to the button that opened it', async () => {
  const { user } = await openModal();

  await user.keyboard('{Escape}');

  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Crea Nuova Campagna' })).toHaveFocus();
});

it('closes with its close button', async () => {
  const { user } = await openModal();

  await user.click(screen.getByRole('button', { name: 'Chiudi' }));

  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
