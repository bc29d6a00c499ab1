import styled from 'styled-components';
import { Card, Link, formatCount, useLocation } from '@loyalty/shared';
import type { CreatedCampaignState } from './CreateCampaignModal';

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

function createdCampaign(state: unknown): CreatedCampaignState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { campaignName, recipientCount } = state as Partial<CreatedCampaignState>;
  return typeof campaignName === 'string' && typeof recipientCount === 'number' ? { campaignName, recipientCount } : null;
}

/** Where the create modal leads: confirms the campaign and leads back to the list to send it. */
export function CampaignSuccessScreen() {
  // Reached directly (a reload, a bookmark) there is no campaign in the navigation state: a generic confirmation.
  const created = createdCampaign(useLocation().state);
  return (
    <Card>
      <h1>Campagna creata</h1>
      {created ? (
        <p>
          La campagna «{created.campaignName}» è stata salvata con{' '}
          {formatCount(created.recipientCount, { one: 'destinatario', other: 'destinatari' })}.
        </p>
      ) : (
        <p>La campagna è stata salvata.</p>
      )}
      <p>Aprila dalla lista delle campagne per inviare un messaggio su WhatsApp, SMS o Email e seguirne l’invio.</p>
      <Actions>
        <Link to="/dashboard/campaigns" data-main-action>
          Torna alle campagne
        </Link>
      </Actions>
    </Card>
  );
}
