import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { Button, Card, Field, FormAlert, MESSAGES, Select, TextField, connectionTestSucceededMessage, errorMessage, useNotify } from '@loyalty/shared';
import { FORM_MESSAGES, requiredText, z } from '@loyalty/shared/forms';
import { useTestConnectionMutation, type MessagingService } from '../api';

/** The test recipient is required (the API's rule too); Testa connessione waits for it. */
const connectionTestSchema = z.object({
  service: z.enum(['whatsapp', 'sms', 'email']),
  testRecipient: requiredText(FORM_MESSAGES.testRecipientRequired),
});

const Form = styled(Card).attrs({ as: 'form' })`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.warning};
`;

/** Sends one test message now with the business's driver (the recipient is required). */
export function ConnectionTest({ businessId }: { businessId: string }) {
  const notify = useNotify();
  const [testConnection, { isLoading }] = useTestConnectionMutation();
  const { register, handleSubmit, watch, setError, formState } = useForm({
    resolver: zodResolver(connectionTestSchema),
    defaultValues: { service: 'sms' as MessagingService, testRecipient: '' },
  });
  const error = formState.errors.root?.server?.message;
  const recipientGiven = watch('testRecipient').trim() !== '';
  // Test mode: the server checked nothing real and says so; not a success, not an error.
  const [notice, setNotice] = useState<string | null>(null);

  const submit = handleSubmit(async ({ service, testRecipient }) => {
    if (isLoading) return;
    setNotice(null);
    try {
      const result = await testConnection({ businessId, service, testRecipient }).unwrap();
      if (result.mode === 'test') return setNotice(result.message);
      notify.success(result.message || connectionTestSucceededMessage(service));
    } catch (err) {
      setError('root.server', { message: errorMessage(err, MESSAGES.connectionTestError) });
    }
  });

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="connection-test-title">
      <h2 id="connection-test-title">Test di connessione</h2>
      <Field label="Servizio">
        {(control) => (
          <Select {...control} {...register('service')}>
            <option value="whatsapp">WhatsApp</option>
            <option value="sms">SMS</option>
            <option value="email">Email</option>
          </Select>
        )}
      </Field>
      <TextField
        label="Destinatario di prova"
        hint="Numero di telefono (WhatsApp, SMS) o indirizzo email"
        {...register('testRecipient')}
      />
      {error && <FormAlert role="alert">{error}</FormAlert>}
      {notice && <Notice role="status">{notice}</Notice>}
      <div>
        <Button type="submit" disabled={!recipientGiven} loading={isLoading}>
          Testa connessione
        </Button>
      </div>
    </Form>
  );
}
