import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { Button, Card, MESSAGES, TextField, useAuth, useNavigate } from '@loyalty/shared';
import { loginForm } from '@loyalty/shared/forms';
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
  const messageId = useId();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(loginForm),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;
  const { locked, recordFailure, lockedByServer } = useLoginLock();
  // While locked (also right after a reload) the lock is the only message; when it ends, none is left.
  const message = locked ? MESSAGES.loginLocked : (errors.email?.message ?? errors.password?.message ?? errors.root?.server?.message);
  const invalid = (field: 'email' | 'password') => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': messageId } : {});

  const submit = handleSubmit(async ({ email, password }) => {
    if (locked) return;
    try {
      const outcome = await attemptLogin(email, password);
      if (outcome === 'signed-in') {
        navigate('/dashboard', { replace: true });
        return;
      }
      if (outcome === 'locked') lockedByServer();
      // Once locked, the lock's message is the one shown (see `message`).
      else if (!recordFailure()) setError('root.server', { message: MESSAGES.loginInvalid });
    } catch {
      setError('root.server', { message: MESSAGES.loginConnectionError });
    }
  });

  return (
    <Card>
      <Form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="login-title">
        <h2 id="login-title">Accedi al tuo account</h2>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="nome@azienda.it"
          required
          disabled={locked}
          {...invalid('email')}
          {...register('email')}
        />
        <TextField label="Password" type="password" autoComplete="current-password" required disabled={locked} {...invalid('password')} {...register('password')} />
        {message && (
          <ErrorMessage id={messageId} role="alert">
            {message}
          </ErrorMessage>
        )}
        <Button type="submit" loading={isSubmitting} disabled={locked} fullWidth>
          Accedi
        </Button>
      </Form>
    </Card>
  );
}
