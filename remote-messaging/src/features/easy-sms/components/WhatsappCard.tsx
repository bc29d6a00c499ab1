import { useState, type FormEvent } from 'react';
import { nanoid } from '@reduxjs/toolkit';
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
  sendSucceeded,
  useNotify,
  type LoyaltyCard,
} from '@loyalty/shared';
import { useSendWhatsappMutation } from '../api';

export const EMPTY_MESSAGE_ERROR = 'Inserisci un messaggio per la carta selezionata';

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
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per message: a retry after a lost answer does not send it twice.
  const [idempotencyKey, setIdempotencyKey] = useState(nanoid);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    if (message.trim() === '') return setError(EMPTY_MESSAGE_ERROR);
    if (!whatsappEnabled) return setError(channelDisabledMessage('WhatsApp'));
    setError(null);
    try {
      const result = await sendWhatsapp({ cardId: card.id, message: message.trim(), idempotencyKey }).unwrap();
      // Issue 17: 'WhatsApp inviato' only when the server queued it for real delivery; it says otherwise.
      if (!sendSucceeded(result)) return setError(result.message);
      notify.success(result.message || MESSAGES.whatsappSent);
      setMessage('');
      setIdempotencyKey(nanoid());
    } catch (err) {
      setError(errorMessage(err, MESSAGES.whatsappError));
    }
  };

  return (
    <Card>
      <Form onSubmit={submit} noValidate aria-label={`WhatsApp a ${card.customer_name}`}>
        <h2>{card.customer_name}</h2>
        <Muted>
          {card.card_number} · {card.customer_phone ? formatPhone(card.customer_phone) : 'nessun telefono'} · {formatPoints(card.points)} punti
        </Muted>
        <Field label={`Messaggio per ${card.customer_name}`}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                setIdempotencyKey(nanoid());
              }}
            />
          )}
        </Field>
        {error && <Alert role="alert">{error}</Alert>}
        <Button type="submit" loading={isLoading}>
          Invia WhatsApp
        </Button>
      </Form>
    </Card>
  );
}
