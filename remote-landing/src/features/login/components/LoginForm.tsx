import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, MESSAGES, TextField, useAuth, useNavigate } from '@loyalty/shared';
import { useLoginLock } from '../hooks/useLoginLock';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

export const ErrorMessage = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;

/** SPEC §2/§4/§5/§8: the login form with its failed-attempt lock. */
export function LoginForm() {
  const { attemptLogin } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const { locked, recordFailure, lockedByServer } = useLoginLock();
  // While locked (also right after a reload) the lock is the only message; when it ends, none is left.
  const message = locked ? MESSAGES.loginLocked : error;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    if (!email.trim() || !password.trim()) {
      setError(MESSAGES.loginMissingFields);
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      const outcome = await attemptLogin(email.trim(), password);
      if (outcome === 'signed-in') {
        navigate('/dashboard', { replace: true });
        return;
      }
      if (outcome === 'locked') lockedByServer();
      // Once locked, the lock's message is the one shown (see `message`).
      else if (!recordFailure()) setError(MESSAGES.loginInvalid);
    } catch {
      setError(MESSAGES.loginConnectionError);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card>
      <Form onSubmit={submit} noValidate aria-labelledby="login-title">
        <h2 id="login-title">Accedi al tuo account</h2>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          placeholder="nome@azienda.it"
          required
          disabled={locked}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          disabled={locked}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {message && <ErrorMessage role="alert">{message}</ErrorMessage>}
        <Button type="submit" loading={submitting} disabled={locked} fullWidth>
          Accedi
        </Button>
      </Form>
    </Card>
  );
}
