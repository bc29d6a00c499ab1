import { useId, useState, type FormEvent } from 'react';
import { type Business, Button, Checkbox, errorMessage, Field, MESSAGES, Modal, Select, Textarea, TextField, useNavigate } from '@loyalty/shared';
import { useCreateCampaignMutation, type CampaignChannel, type CampaignStatus } from '../api';
import { ALL_CARDS, CAMPAIGN_NAME_REQUIRED, CAMPAIGN_STATUSES, CHANNEL_LABELS, STATUS_LABELS, recipientCountOf, segmentOf, type AudienceChoice } from '../model/campaignModel';
import { Actions, Alert, Channels, ModalForm as Form } from './modalLayout';
import { RecipientPicker } from './RecipientPicker';

/** The order the issue lists them in. */
const CHANNEL_CHOICES: CampaignChannel[] = ['whatsapp', 'email', 'sms'];

/** What the success screen shows about the campaign just created. */
export interface CreatedCampaignState {
  campaignName: string;
  recipientCount: number;
}

export interface CreateCampaignModalProps {
  open: boolean;
  business: Business;
  onClose: () => void;
}

export function CreateCampaignModal({ open, business, onClose }: CreateCampaignModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Crea Nuova Campagna">
      <CreateCampaignForm business={business} onClose={onClose} />
    </Modal>
  );
}

function CreateCampaignForm({ business, onClose }: { business: Business; onClose: () => void }) {
  const navigate = useNavigate();
  const descriptionId = useId();
  const [createCampaign, { isLoading }] = useCreateCampaignMutation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [status, setStatus] = useState<CampaignStatus>('draft');
  const [channels, setChannels] = useState<Set<CampaignChannel>>(new Set());
  const [audience, setAudience] = useState<AudienceChoice>(ALL_CARDS);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const toggleChannel = (channel: CampaignChannel) => {
    const next = new Set(channels);
    if (next.has(channel)) next.delete(channel);
    else next.add(channel);
    setChannels(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setError(null);
    if (name.trim() === '') {
      setNameError(CAMPAIGN_NAME_REQUIRED);
      return;
    }
    setNameError(null);
    try {
      const campaign = await createCampaign({
        businessId: business.id,
        name: name.trim(),
        description: description.trim(),
        status,
        // Issue 17: the server resolves the segment when the campaign is sent; picked cards travel as ids.
        segment: segmentOf(audience),
        targets: audience.kind === 'cards' ? [...audience.picked] : [],
        channels: CHANNEL_CHOICES.filter((c) => channels.has(c)),
      }).unwrap();
      onClose();
      const state: CreatedCampaignState = { campaignName: campaign.name, recipientCount: recipientCountOf(campaign) };
      navigate('/campaign-success', { state });
    } catch (err) {
      setError(errorMessage(err, MESSAGES.campaignCreateError));
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-busy={isLoading || undefined}>
      <TextField
        label="Nome della campagna"
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        aria-required="true"
        error={nameError ?? undefined}
        maxLength={200}
      />
      <Field label="Descrizione" id={descriptionId}>
        {(control) => <Textarea {...control} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />}
      </Field>
      <Field label="Stato">
        {(control) => (
          <Select {...control} value={status} onChange={(e) => setStatus(e.target.value as CampaignStatus)}>
            {CAMPAIGN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Channels>
        <legend>Canali</legend>
        {CHANNEL_CHOICES.map((channel) => (
          <Checkbox key={channel} label={CHANNEL_LABELS[channel]} checked={channels.has(channel)} onChange={() => toggleChannel(channel)} />
        ))}
      </Channels>
      <RecipientPicker businessId={business.id} value={audience} onChange={setAudience} channels={CHANNEL_CHOICES.filter((c) => channels.has(c))} />
      {error && <Alert role="alert">{error}</Alert>}
      <Actions>
        <Button variant="secondary" onClick={onClose}>
          Annulla
        </Button>
        <Button type="submit" loading={isLoading}>
          Crea campagna
        </Button>
      </Actions>
    </Form>
  );
}
