import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Card, Link, formatCount, useLocation } from '@loyalty/shared';
import type { CampaignChannel } from '../api';
import { CHANNEL_LABELS, offeredChannels } from '../model/campaignModel';
import type { CreatedCampaignState } from './CreateCampaignModal';

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

function createdCampaign(state: unknown): CreatedCampaignState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { campaignName, recipientCount, channels } = state as Partial<CreatedCampaignState>;
  if (typeof campaignName !== 'string' || typeof recipientCount !== 'number') return null;
  return { campaignName, recipientCount, channels: Array.isArray(channels) ? channels : [] };
}

/** The channels the send dialog will offer for the campaign, named: «WhatsApp o SMS», «WhatsApp, SMS o Email». */
function offeredNames(chosen: CampaignChannel[]): string {
  const names = offeredChannels(chosen).map((c) => CHANNEL_LABELS[c]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} o ${names[names.length - 1]}` : names[0];
}

/** Where the create modal leads: confirms the campaign and leads back to the list to send it. */
export function CampaignSuccessScreen() {
  // Reached directly (a reload, a bookmark) there is no campaign in the navigation state: a generic confirmation.
  const created = createdCampaign(useLocation().state);
  // Come from the create dialog, which closed with the button that opened it gone from the screen: the browser
  // had left the focus on the page's top, and a screen reader said nothing. The heading takes it.
  const heading = useRef<HTMLHeadingElement>(null);
  const fromDialog = created !== null;
  useEffect(() => {
    if (fromDialog) heading.current?.focus();
  }, [fromDialog]);
  return (
    <Card>
      <h1 ref={heading} tabIndex={-1}>
        Campagna creata
      </h1>
      {created ? (
        <p>
          La campagna «{created.campaignName}» è stata salvata con{' '}
          {formatCount(created.recipientCount, { one: 'destinatario', other: 'destinatari' })}.
        </p>
      ) : (
        <p>La campagna è stata salvata.</p>
      )}
      <p>Aprila dalla lista delle campagne per inviare un messaggio su {offeredNames(created?.channels ?? [])} e seguirne l’invio.</p>
      <Actions>
        <Link to="/dashboard/campaigns" data-main-action>
          Torna alle campagne
        </Link>
      </Actions>
    </Card>
  );
}
