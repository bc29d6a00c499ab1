import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import {
  Button,
  Card,
  Field,
  MESSAGES,
  Textarea,
  channelDisabledMessage,
  errorMessage,
  formatPhone,
  formatPoints,
  heldUntilText,
  newIdempotencyKey,
  sendSucceeded,
  useNotify,
  type LoyaltyCard,
} from '@loyalty/shared';
import { FORM_MESSAGES, whatsappMessage, z } from '@loyalty/shared/forms';
import { useSendWhatsappMutation } from '../api';

export const EMPTY_MESSAGE_ERROR = FORM_MESSAGES.whatsappMessageRequired;

/** Easy SMS: a message that is not blank, at most 1600 characters (shared's rule, the API's too). */
const whatsappSchema = z.object({ message: whatsappMessage });

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { margin: 0; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Alert = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

export function WhatsappCard({ card, whatsappEnabled }: { card: LoyaltyCard; whatsappEnabled: boolean }) {
  const notify = useNotify();
  const [sendWhatsapp, { isLoading }] = useSendWhatsappMutation();
  const alertId = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm({
    resolver: zodResolver(whatsappSchema),
    defaultValues: { message: '' },
    reValidateMode: 'onSubmit',
  });
  const error = formState.errors.message?.message ?? formState.errors.root?.server?.message;
  // One key per message: a retry after a lost answer does not send it twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey('whatsapp'));
  // When the last message sent waits for the shop's sending window (decision 100): said under the form until the next send.
  const [held, setHeld] = useState<string | null>(null);

  const submit = handleSubmit(async ({ message }) => {
    if (isLoading) return;
    if (!whatsappEnabled) return setError('root.server', { message: channelDisabledMessage('WhatsApp') });
    setHeld(null);
    try {
      const result = await sendWhatsapp({ cardId: card.id, message, idempotencyKey }).unwrap();
      // When it leaves, if the sending window holds it: one message, just queued or already in the queue (the same
      // send repeated after a lost answer, which the server does not queue twice).
      setHeld(result.heldUntil ? heldUntilText(result.heldUntil, result.queued + result.alreadyEnqueued) : null);
      // 'WhatsApp inviato' only when the server queued it for real delivery; it says otherwise.
      if (!sendSucceeded(result)) return setError('root.server', { message: result.message });
      notify.success(result.message || MESSAGES.whatsappSent);
      reset({ message: '' });
      setIdempotencyKey(newIdempotencyKey('whatsapp'));
    } catch (err) {
      setError('root.server', { message: errorMessage(err, MESSAGES.whatsappError) });
    }
  });

  return (
    <Card>
      <Form onSubmit={(event) => void submit(event)} noValidate aria-label={`WhatsApp a ${card.customer_name}`}>
        <h2>{card.customer_name}</h2>
        <Muted>
          {card.card_number} · {card.customer_phone ? formatPhone(card.customer_phone) : 'nessun telefono'} · {formatPoints(card.points)} punti
        </Muted>
        <Field label={`Messaggio per ${card.customer_name}`}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              {...(formState.errors.message ? { 'aria-invalid': true, 'aria-describedby': alertId } : {})}
              {...register('message', { onChange: () => setIdempotencyKey(newIdempotencyKey('whatsapp')) })}
            />
          )}
        </Field>
        {error && (
          <Alert id={alertId} role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={isLoading}>
          Invia WhatsApp
        </Button>
        {held && <Muted role="status">{held}</Muted>}
      </Form>
    </Card>
  );
}
