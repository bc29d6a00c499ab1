import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Business, Checkbox, DialogFooter, errorMessage, Field, MESSAGES, Modal, Select, StackedForm, Textarea, TextField, useNavigate } from '@loyalty/shared';
import { FORM_MESSAGES, requiredText, z } from '@loyalty/shared/forms';
import { useCreateCampaignMutation, type CampaignChannel, type CampaignStatus } from '../api';
import { ALL_CARDS, CAMPAIGN_STATUSES, CHANNEL_LABELS, recipientCountOf, segmentOf, type AudienceChoice } from '../model/campaignModel';
import { Channels } from './modalLayout';
import { RecipientPicker } from './RecipientPicker';
import { StatusOptions } from './StatusOptions';

/** The order the channels are listed in: WhatsApp, e-mail, SMS. */
const CHANNEL_CHOICES: CampaignChannel[] = ['whatsapp', 'email', 'sms'];

/** Campaign creation: the name is required (the API's rule too); the rest is chosen, not typed. */
const createCampaignSchema = z
  .object({
    name: requiredText(FORM_MESSAGES.campaignNameRequired),
    subject: z.string(),
    description: z.string(),
    status: z.custom<CampaignStatus>((value) => CAMPAIGN_STATUSES.includes(value as CampaignStatus)),
    channels: z.array(z.custom<CampaignChannel>((value) => CHANNEL_CHOICES.includes(value as CampaignChannel))),
    audience: z.custom<AudienceChoice>(),
  })
  // The e-mails' subject: required with the e-mail channel (the API's rule too, decision 074).
  .check(z.refine((draft) => !draft.channels.includes('email') || draft.subject.trim() !== '', { path: ['subject'], error: FORM_MESSAGES.campaignSubjectRequired }));

interface CampaignDraft {
  name: string;
  subject: string;
  description: string;
  status: CampaignStatus;
  channels: CampaignChannel[];
  audience: AudienceChoice;
}

const NEW_CAMPAIGN: CampaignDraft = { name: '', subject: '', description: '', status: 'draft', channels: [], audience: ALL_CARDS };

/** What the success screen shows about the campaign just created. */
export interface CreatedCampaignState {
  campaignName: string;
  recipientCount: number;
  /** The channels chosen for it, named on the confirmation («…per inviare un messaggio su WhatsApp…»). */
  channels: CampaignChannel[];
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
  const { register, handleSubmit, control, watch, setError, formState } = useForm<CampaignDraft>({ resolver: zodResolver(createCampaignSchema), defaultValues: NEW_CAMPAIGN });
  const { errors } = formState;
  const audience = useController({ control, name: 'audience' }).field;
  // In that fixed order, whatever order they were ticked in.
  const chosen = watch('channels');
  const channels = CHANNEL_CHOICES.filter((c) => chosen.includes(c));

  const submit = handleSubmit(async (form) => {
    if (isLoading) return;
    try {
      const campaign = await createCampaign({
        businessId: business.id,
        name: form.name,
        ...(channels.includes('email') ? { subject: form.subject.trim() } : {}),
        description: form.description.trim(),
        status: form.status,
        // The server resolves the segment when the campaign is sent; picked cards travel as ids.
        segment: segmentOf(form.audience),
        targets: form.audience.kind === 'cards' ? [...form.audience.picked] : [],
        channels,
      }).unwrap();
      onClose();
      const state: CreatedCampaignState = { campaignName: campaign.name, recipientCount: recipientCountOf(campaign), channels: campaign.channels };
      navigate('/campaign-success', { state });
    } catch (err) {
      setError('root.server', { message: errorMessage(err, MESSAGES.campaignCreateError) });
    }
  });

  return (
    <StackedForm onSubmit={(event) => void submit(event)} noValidate aria-busy={isLoading || undefined}>
      <TextField label="Nome della campagna" required aria-required="true" error={errors.name?.message} maxLength={200} {...register('name')} />
      <Field label="Descrizione" id={descriptionId}>
        {(control) => <Textarea {...control} rows={3} maxLength={2000} {...register('description')} />}
      </Field>
      <Field label="Stato">
        {(control) => (
          <Select {...control} {...register('status')}>
            <StatusOptions />
          </Select>
        )}
      </Field>
      <Channels>
        <legend>Canali</legend>
        {CHANNEL_CHOICES.map((channel) => (
          <Checkbox key={channel} label={CHANNEL_LABELS[channel]} value={channel} {...register('channels')} />
        ))}
      </Channels>
      {channels.includes('email') && (
        <TextField label="Oggetto" hint="L'oggetto delle email della campagna" required aria-required="true" error={errors.subject?.message} maxLength={200} {...register('subject')} />
      )}
      <RecipientPicker businessId={business.id} value={audience.value} onChange={audience.onChange} channels={channels} />
      <DialogFooter error={errors.root?.server?.message} onCancel={onClose} loading={isLoading}>
        Crea campagna
      </DialogFooter>
    </StackedForm>
  );
}
