import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import {
  Button,
  ButtonRow,
  DialogFooter,
  Field,
  FormAlert,
  Input,
  MESSAGES,
  Modal,
  TestModeBanner,
  Textarea,
  channelDisabledMessage,
  errorMessage,
  formatCount,
  heldUntilText,
  sendSucceeded,
  StackedForm,
  useNotify,
  type Business,
  type SendOutcome,
} from '@loyalty/shared';
import { FORM_MESSAGES, campaignMessage, emailCampaignMessage, z } from '@loyalty/shared/forms';
import { useGetCampaignReachQuery, useScheduleCampaignMutation, useSendCampaignMutation, type Campaign, type CampaignChannel, type CampaignSendResult } from '../api';
import { CHANNELS, CHANNEL_FLAG, CHANNEL_LABELS, offeredChannels } from '../model/campaignModel';
import { DeliveryProgress } from './DeliveryProgress';
import { ReachSummary, sendButtonLabel } from './ReachSummary';
import { messageCounterText } from './MessageCounter';
import { Channels as ChannelFieldset } from './modalLayout';

/** Radio choices, each label around its input. */
const Channels = styled(ChannelFieldset)`
  label { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space.xs}; cursor: pointer; }
`;

export const MESSAGE_TOO_LONG = FORM_MESSAGES.campaignMessageTooLong;
const TOO_LONG: readonly string[] = [MESSAGE_TOO_LONG, FORM_MESSAGES.emailCampaignMessageTooLong];

/** The channel's message rule (the API's): 1–160 characters once trimmed, 1–5 000 for an e-mail (decision 074). */
const messageRule = (channel: CampaignChannel) => (channel === 'email' ? emailCampaignMessage : campaignMessage);

/** One of the campaign's channels and a message its rule accepts. */
const sendSchema = z
  .object({ channel: z.custom<CampaignChannel>((value) => CHANNELS.includes(value as CampaignChannel)), message: z.string() })
  .check(
    z.superRefine((form, ctx) => {
      const verdict = messageRule(form.channel).safeParse(form.message);
      if (!verdict.success) ctx.addIssue({ code: 'custom', path: ['message'], message: verdict.error.issues[0].message, input: form.message });
    }),
  );

export const SEND_PROGRESS_HEADING = "Avanzamento dell'invio";
export const SCHEDULE_HINT = 'Tra le 20 e le 9 i messaggi aspettano le 9 (o l’orario di invio scelto nelle impostazioni).';

/** Why recipients were skipped, as the send answer counts them (`skippedByReason`). */
const SKIPPED_LABELS: Record<keyof SendOutcome['skippedByReason'], string> = {
  noConsent: 'Saltati senza consenso marketing',
  optedOut: 'Saltati perché hanno chiesto di non ricevere messaggi (STOP)',
  invalidContact: 'Saltati perché non raggiungibili (contatto mancante, non valido o numero fisso)',
  channelDisabled: 'Saltati su un canale non abilitato',
  dailyLimit: 'Saltati perché avevano già ricevuto un messaggio promozionale oggi',
};

/** The send answer's counts, first what was queued, then every reason that skipped someone. */
export function sendOutcomeLines(outcome: CampaignSendResult): string[] {
  const lines = [`Messi in coda: ${formatCount(outcome.queued)}`];
  for (const [reason, label] of Object.entries(SKIPPED_LABELS) as [keyof typeof SKIPPED_LABELS, string][]) {
    const count = outcome.skippedByReason[reason];
    if (count > 0) lines.push(`${label}: ${formatCount(count)}`);
  }
  if (outcome.alreadyEnqueued > 0) lines.push(`Avevano già ricevuto questa campagna su questo canale: ${formatCount(outcome.alreadyEnqueued)}`);
  return lines;
}

const SentView = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.md}; }
  h3:focus { outline: none; }
  ul { margin: 0; padding-left: ${({ theme }) => theme.space.md}; }
`;

/** A send the quiet hours hold: said where the counts are, in the tone of a notice, not of an error. */
const HeldNotice = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primarySoft};
`;

export interface SendCampaignModalProps {
  campaign: Campaign;
  business: Business;
  onClose: () => void;
}

/**
 * Sends one message to every recipient of a campaign on one channel. After a send that queued
 * something the dialog stays open on the send's counts and the live delivery progress (kept while the
 * provider's receipts arrive), focus on its heading, until "Chiudi".
 */
export function SendCampaignModal({ campaign, business, onClose }: SendCampaignModalProps) {
  const notify = useNotify();
  const [sendCampaign, { isLoading: sending }] = useSendCampaignMutation();
  const [scheduleCampaign, { isLoading: scheduling }] = useScheduleCampaignMutation();
  const isLoading = sending || scheduling;
  // «Invia ora» or «Programma» at a Rome date and time (the server starts it; the quiet hours still hold it).
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const whenId = useId();
  const offered = offeredChannels(campaign.channels);
  const { register, handleSubmit, watch, setError, clearErrors, formState } = useForm({
    resolver: zodResolver(sendSchema),
    defaultValues: { channel: offered[0], message: '' },
  });
  const error = formState.errors.root?.server?.message;
  // The send's answer, and what a hold by the quiet hours means, worded when it came (its «domani» is that night's).
  const [outcome, setOutcome] = useState<{ result: CampaignSendResult; held: string | null } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const outcomeId = useId();

  // The form gives way to the progress: a screen reader hears its heading and the send's counts.
  useEffect(() => {
    if (outcome) headingRef.current?.focus();
  }, [outcome]);

  // Checked as it is typed: the counter, the "too long" message and Invia follow the message.
  const channel = watch('channel');
  const message = watch('message');
  const channelEnabled = business[CHANNEL_FLAG[channel]] === 1;
  const verdict = messageRule(channel).safeParse(message);
  const tooLongMessage = verdict.success ? undefined : verdict.error.issues.find((issue) => TOO_LONG.includes(issue.message))?.message;
  const canSend = channelEnabled && verdict.success && (when === 'now' || at !== '');
  // What a send now would queue, per channel, by the send's own rule (the server's preview).
  const reach = useGetCampaignReachQuery(campaign.id);
  const channelReach = reach.data?.channels.find((c) => c.channel === channel);

  const submit = handleSubmit(async (form) => {
    if (!canSend || isLoading) return;
    if (when === 'later') {
      try {
        const result = await scheduleCampaign({ id: campaign.id, service: form.channel, message: form.message, at }).unwrap();
        notify.success(result.message);
        return onClose();
      } catch (err) {
        return setError('root.server', { message: errorMessage(err, MESSAGES.campaignSendError) });
      }
    }
    try {
      const result = await sendCampaign({ id: campaign.id, service: form.channel, message: form.message }).unwrap();
      // A toast only when something was queued; otherwise the server's reason stays on screen.
      // Sent again while its messages wait for the sending hours (a retry after a lost answer): nothing new is queued,
      // and the server's reason says when the waiting ones leave.
      const held = result.heldUntil ? heldUntilText(result.heldUntil, result.queued > 0 ? result.queued : result.alreadyEnqueued) : null;
      if (!sendSucceeded(result)) return setError('root.server', { message: held ? `${result.message}. ${held}` : result.message });
      notify.success(result.message || MESSAGES.messageSent);
      setOutcome({ result, held });
    } catch (err) {
      setError('root.server', { message: errorMessage(err, MESSAGES.campaignSendError) });
    }
  });

  const title = `Invia messaggio: ${campaign.name}`;
  if (outcome) {
    return (
      <Modal open onClose={onClose} title={title}>
        <SentView aria-labelledby={`${outcomeId}-heading`}>
          <TestModeBanner businessId={business.id} />
          <h3 id={`${outcomeId}-heading`} ref={headingRef} tabIndex={-1} aria-describedby={outcome.held ? `${outcomeId} ${outcomeId}-held` : outcomeId}>
            {SEND_PROGRESS_HEADING}
          </h3>
          <ul id={outcomeId} aria-label="Esito dell'invio">
            {sendOutcomeLines(outcome.result).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {outcome.held && <HeldNotice id={`${outcomeId}-held`}>{outcome.held}</HeldNotice>}
          <DeliveryProgress campaignId={campaign.id} campaignName={campaign.name} heldSaidAbove={outcome.held !== null} />
          <ButtonRow>
            <Button onClick={onClose}>{MESSAGES.close}</Button>
          </ButtonRow>
        </SentView>
      </Modal>
    );
  }

  return (
    <Modal open onClose={onClose} title={title}>
      <StackedForm onSubmit={(event) => void submit(event)} noValidate>
        <TestModeBanner businessId={business.id} />
        <ReachSummary channels={reach.data?.channels} offered={offered} selected={channel} loading={reach.isLoading} error={reach.isError} />
        <Channels>
          <legend>Canale</legend>
          {offered.map((c) => (
            <label key={c}>
              <input type="radio" value={c} {...register('channel', { onChange: () => clearErrors('root.server') })} />
              {CHANNEL_LABELS[c]}
            </label>
          ))}
        </Channels>
        {!channelEnabled && <FormAlert role="alert">{channelDisabledMessage(CHANNEL_LABELS[channel])}</FormAlert>}
        <Field label="Messaggio" hint={messageCounterText(message, channel)} error={tooLongMessage}>
          {(control) => <Textarea {...control} rows={4} {...register('message')} />}
        </Field>
        <Channels>
          <legend>Quando</legend>
          <label>
            <input type="radio" name={`${whenId}-when`} checked={when === 'now'} onChange={() => setWhen('now')} />
            Invia ora
          </label>
          <label>
            <input type="radio" name={`${whenId}-when`} checked={when === 'later'} onChange={() => setWhen('later')} />
            Programma
          </label>
        </Channels>
        {when === 'later' && (
          <Field label="Data e ora (ora italiana)" hint={SCHEDULE_HINT}>
            {(control) => <Input {...control} type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} required />}
          </Field>
        )}
        <DialogFooter error={error} onCancel={onClose} disabled={!canSend} loading={isLoading}>
          {when === 'later' ? 'Programma invio' : sendButtonLabel(channelReach)}
        </DialogFooter>
      </StackedForm>
    </Modal>
  );
}
