import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Field,
  MESSAGES,
  Modal,
  TestModeBanner,
  Textarea,
  channelDisabledMessage,
  errorMessage,
  formatCount,
  sendSucceeded,
  useNotify,
  type Business,
} from '@loyalty/shared';
import { useSendCampaignMutation, type Campaign, type CampaignChannel } from './api';
import { CHANNELS, CHANNEL_FLAG, CHANNEL_LABELS, MESSAGE_MAX_LENGTH, RECIPIENTS, recipientCountOf } from './campaignModel';
import { messageCounterText } from './MessageCounter';
import { Actions, Alert, Channels as ChannelFieldset, ModalForm as Form } from './modalLayout';

/** Radio choices, each label around its input. */
const Channels = styled(ChannelFieldset)`
  label { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space.xs}; cursor: pointer; }
`;

export const MESSAGE_TOO_LONG = `Il messaggio supera i ${MESSAGE_MAX_LENGTH} caratteri`;

export interface SendCampaignModalProps {
  campaign: Campaign;
  business: Business;
  onClose: () => void;
}

/** Sends one message to every recipient of a campaign on one channel; the list then shows the delivery progress. */
export function SendCampaignModal({ campaign, business, onClose }: SendCampaignModalProps) {
  const notify = useNotify();
  const [sendCampaign, { isLoading }] = useSendCampaignMutation();
  // The campaign's own channels, or all of them when it names none.
  const offered = campaign.channels.length > 0 ? CHANNELS.filter((c) => campaign.channels.includes(c)) : CHANNELS;
  const [channel, setChannel] = useState<CampaignChannel>(offered[0]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const channelEnabled = business[CHANNEL_FLAG[channel]] === 1;
  const tooLong = message.length > MESSAGE_MAX_LENGTH;
  const canSend = channelEnabled && message.trim() !== '' && !tooLong;
  const recipientCount = recipientCountOf(campaign);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || isLoading) return;
    setError(null);
    try {
      const result = await sendCampaign({ id: campaign.id, service: channel, message: message.trim() }).unwrap();
      // Issue 17: a toast only when something was queued; otherwise the server's reason stays on screen.
      if (!sendSucceeded(result)) return setError(result.message);
      notify.success(result.message || MESSAGES.messageSent);
      onClose();
    } catch (err) {
      setError(errorMessage(err, MESSAGES.campaignSendError));
    }
  };

  return (
    <Modal open onClose={onClose} title={`Invia messaggio: ${campaign.name}`}>
      <Form onSubmit={submit} noValidate>
        <TestModeBanner businessId={business.id} />
        <p>Il messaggio raggiungerà {formatCount(recipientCount, RECIPIENTS)}.</p>
        <Channels>
          <legend>Canale</legend>
          {offered.map((c) => (
            <label key={c}>
              <input
                type="radio"
                name="campaign-channel"
                value={c}
                checked={channel === c}
                onChange={() => {
                  setChannel(c);
                  setError(null);
                }}
              />
              {CHANNEL_LABELS[c]}
            </label>
          ))}
        </Channels>
        {!channelEnabled && <Alert role="alert">{channelDisabledMessage(CHANNEL_LABELS[channel])}</Alert>}
        <Field label="Messaggio" hint={messageCounterText(message)} error={tooLong ? MESSAGE_TOO_LONG : undefined}>
          {(control) => <Textarea {...control} rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />}
        </Field>
        {error && <Alert role="alert">{error}</Alert>}
        <Actions>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" disabled={!canSend} loading={isLoading}>
            Invia
          </Button>
        </Actions>
      </Form>
    </Modal>
  );
}
