import { screen } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import { Link, Route, Routes } from '@loyalty/shared';
import { CampaignSuccessScreen } from '../CampaignSuccessScreen';

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/campaign-success" element={<CampaignSuccessScreen />} />
      <Route path="/dashboard/campaigns" element={<h1>Campagne</h1>} />
      <Route path="/start" element={<Link to="/campaign-success" state={{ campaignName: 'Saldi', recipientCount: 3, channels: ['sms', 'whatsapp'] }}>crea</Link>} />
    </Routes>,
    { route },
  );
}

it('confirms the campaign just created, with its recipients', async () => {
  const { user } = renderAt('/start');
  await user.click(screen.getByRole('link', { name: 'crea' }));
  // The dialog that led here is gone: the heading takes the focus, so the keyboard and a screen reader go on from it.
  expect(screen.getByRole('heading', { level: 1, name: 'Campagna creata' })).toHaveFocus();
  expect(screen.getByText('La campagna «Saldi» è stata salvata con 3 destinatari.')).toBeInTheDocument();
  // Only the channels the send dialog will offer for it, in the dialog's order.
  expect(screen.getByText('Aprila dalla lista delle campagne per inviare un messaggio su WhatsApp o SMS e seguirne l’invio.')).toBeInTheDocument();
});

it('confirms a generic campaign when reached directly, and leads back to the list', async () => {
  const { user } = renderAt('/campaign-success');
  expect(screen.getByText('La campagna è stata salvata.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Campagna creata' })).not.toHaveFocus();
  expect(screen.getByText('Aprila dalla lista delle campagne per inviare un messaggio su WhatsApp, SMS o Email e seguirne l’invio.')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Torna alle campagne' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Campagne' })).toBeInTheDocument();
});
