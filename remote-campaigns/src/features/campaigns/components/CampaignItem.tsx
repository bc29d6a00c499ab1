import styled from 'styled-components';
import { Badge, Button, Card, MESSAGES, errorMessage, formatCount, formatDateTime, useNotify } from '@loyalty/shared';
import { useCancelCampaignScheduleMutation, useDeleteCampaignMutation, useGetCampaignDeliveriesQuery, type Campaign, type CampaignStatus } from '../api';
import { CHANNEL_LABELS, DELETE_CONFIRMATION, RECIPIENTS, STATUS_LABELS, deliveryStatus, recipientCountOf } from '../model/campaignModel';
import { DeliveryProgress } from './DeliveryProgress';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

/** The campaign's name opens the send modal: a real button, so keyboard users reach it. */
const OpenButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  text-align: left;
  text-decoration: underline;
  cursor: pointer;

  &[aria-busy='true'] {
    cursor: progress;
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.xs} 0 0;
`;

const STATUS_TONE = { draft: 'neutral', scheduled: 'info', active: 'success', completed: 'success', cancelled: 'danger' } as const satisfies Record<
  CampaignStatus,
  string
>;

/**
 * `announceProgress`: false while a dialog is open, so only the dialog's progress is heard. `opening`: the send
 * dialog's code is on its way after a tap on this campaign (decision 095).
 */
export function CampaignItem({
  campaign,
  onOpen,
  announceProgress = true,
  opening = false,
}: {
  campaign: Campaign;
  onOpen: () => void;
  announceProgress?: boolean;
  opening?: boolean;
}) {
  const notify = useNotify();
  const [deleteCampaign, { isLoading: deleting }] = useDeleteCampaignMutation();
  const [cancelSchedule, { isLoading: cancelling }] = useCancelCampaignScheduleMutation();
  const recipientCount = recipientCountOf(campaign);
  // The live deliveries (the progress below polls them) once loaded, else the list's: the status follows the jobs.
  const { data: deliveries } = useGetCampaignDeliveriesQuery(campaign.id);
  const sent = deliveryStatus(deliveries ? { pending: deliveries.queued, sent: deliveries.sent, failed: deliveries.failed } : campaign.delivery, deliveries?.heldUntil);

  const remove = async () => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    try {
      const { message } = await deleteCampaign(campaign.id).unwrap();
      notify.success(message || 'Campagna eliminata');
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.campaignDeleteError));
    }
  };

  const unschedule = async () => {
    try {
      const { message } = await cancelSchedule(campaign.id).unwrap();
      notify.success(message);
    } catch (error) {
      notify.error(errorMessage(error, 'Errore durante l’annullamento della programmazione'));
    }
  };

  return (
    <li>
      <Card>
        <Row>
          <Title>
            <OpenButton type="button" onClick={onOpen} aria-haspopup="dialog" aria-busy={opening || undefined}>
              {campaign.name}
            </OpenButton>
          </Title>
          <Button variant="danger" onClick={remove} loading={deleting} aria-label={`Elimina la campagna ${campaign.name}`}>
            Elimina
          </Button>
        </Row>
        {campaign.description && <p>{campaign.description}</p>}
        <Meta>
          {campaign.scheduled_at ? (
            <Badge $tone="info">Programmata per {formatDateTime(campaign.scheduled_at)}</Badge>
          ) : sent ? (
            <Badge $tone={sent.tone}>{sent.label}</Badge>
          ) : (
            <Badge $tone={STATUS_TONE[campaign.status]}>{STATUS_LABELS[campaign.status]}</Badge>
          )}
          <span>{formatCount(recipientCount, RECIPIENTS)}</span>
          {campaign.channels.length > 0 && <span>· {campaign.channels.map((c) => CHANNEL_LABELS[c]).join(', ')}</span>}
        </Meta>
        {campaign.scheduled_at && (
          <div>
            <Button variant="secondary" onClick={unschedule} loading={cancelling} aria-label={`Annulla programmazione di ${campaign.name}`}>
              Annulla programmazione
            </Button>
          </div>
        )}
        <DeliveryProgress campaignId={campaign.id} campaignName={campaign.name} announce={announceProgress} known={campaign.delivery} />
      </Card>
    </li>
  );
}
