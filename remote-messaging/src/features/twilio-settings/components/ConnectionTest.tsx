import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, Field, MESSAGES, Select, TextField, connectionTestSucceededMessage, errorMessage, useNotify } from '@loyalty/shared';
import { useTestConnectionMutation, type MessagingService } from '../api';

const Form = styled(Card).attrs({ as: 'form' })`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.warning};
`;

/** Sends one test message now with the business's driver (SPEC §5: the recipient is required). */
export function ConnectionTest({ businessId }: { businessId: string }) {
  const notify = useNotify();
  const [testConnection, { isLoading }] = useTestConnectionMutation();
  const [service, setService] = useState<MessagingService>('sms');
  const [recipient, setRecipient] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Test mode: the server checked nothing real and says so; not a success, not an error.
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (recipient.trim() === '' || isLoading) return;
    setError(null);
    setNotice(null);
    try {
      const result = await testConnection({ businessId, service, testRecipient: recipient.trim() }).unwrap();
      if (result.mode === 'test') return setNotice(result.message);
      notify.success(result.message || connectionTestSucceededMessage(service));
    } catch (err) {
      setError(errorMessage(err, MESSAGES.connectionTestError));
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-labelledby="connection-test-title">
      <h2 id="connection-test-title">Test di connessione</h2>
      <Field label="Servizio">
        {(control) => (
          <Select {...control} value={service} onChange={(e) => setService(e.target.value as MessagingService)}>
            <option value="whatsapp">WhatsApp</option>
            <option value="sms">SMS</option>
            <option value="email">Email</option>
          </Select>
        )}
      </Field>
      <TextField
        label="Destinatario di prova"
        hint="Numero di telefono (WhatsApp, SMS) o indirizzo email"
        value={recipient}
        onChange={(e) => setRecipient(e.target.value)}
      />
      {error && <Alert role="alert">{error}</Alert>}
      {notice && <Notice role="status">{notice}</Notice>}
      <div>
        <Button type="submit" disabled={recipient.trim() === ''} loading={isLoading}>
          Testa connessione
        </Button>
      </div>
    </Form>
  );
}
