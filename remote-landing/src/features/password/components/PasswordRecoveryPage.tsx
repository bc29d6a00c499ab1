/**
 * Password recovery (decision 071): `/password-dimenticata` asks for the e-mail and always shows the API's one
 * neutral answer; `/reset-password?token=…` checks the link, then asks for the new password (at least 8
 * characters, as everywhere). The token leaves the address bar at once, so it is neither bookmarked nor shared.
 */
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, getRuntimeConfig, Link, Spinner, TextField, useLocation } from '@loyalty/shared';

const Main = styled.main`
  max-width: 26rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  form { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.md}; }
  h1 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; }
  p { margin: 0; }
`;

const Note = styled.p<{ $error?: boolean }>`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $error }) => ($error ? theme.colors.dangerSurface : theme.colors.primarySoft)};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.text)};
`;

const CONNECTION_ERROR = 'Impossibile contattare il server. Controlla la connessione e riprova.';

async function post(path: string, body: unknown): Promise<{ ok: boolean; text: string }> {
  const response = await fetch(`${getRuntimeConfig().apiBaseUrl}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as { message?: string; error?: string } | null;
  return { ok: response.ok, text: data?.message ?? data?.error ?? (response.status === 429 ? 'Troppe richieste. Riprova tra un minuto.' : CONNECTION_ERROR) };
}

function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setAnswer({ ok: false, text: 'Inserisci la tua email.' });
      return;
    }
    setBusy(true);
    try {
      setAnswer(await post('auth/password-reset', { email }));
    } catch {
      setAnswer({ ok: false, text: CONNECTION_ERROR });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby="forgot-title" aria-busy={busy}>
        <h1 id="forgot-title">Password dimenticata?</h1>
        <p>Inserisci l’email con cui accedi: ti invieremo un link per sceglierne una nuova.</p>
        <TextField label="Email" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        {answer && (
          <Note role={answer.ok ? 'status' : 'alert'} $error={!answer.ok}>
            {answer.text}
          </Note>
        )}
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? 'Invio in corso…' : 'Invia il link'}
        </Button>
        <Link to="/login">Torna all’accesso</Link>
      </form>
    </Card>
  );
}

function ResetPassword({ token }: { token: string }) {
  const [state, setState] = useState<'checking' | 'valid' | 'invalid' | 'done'>('checking');
  const [message, setMessage] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    post('auth/password-reset/check', { token })
      .then((answer) => {
        if (!live) return;
        setState(answer.ok ? 'valid' : 'invalid');
        if (!answer.ok) setMessage(answer.text);
      })
      .catch(() => {
        if (!live) return;
        setState('invalid');
        setMessage(CONNECTION_ERROR);
      });
    return () => {
      live = false;
    };
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 8) return setMessage('La nuova password deve contenere almeno 8 caratteri');
    if (password !== confirmation) return setMessage('Le due password non coincidono');
    setBusy(true);
    try {
      const answer = await post('auth/password-reset/confirm', { token, newPassword: password });
      setMessage(answer.text);
      if (answer.ok) setState('done');
    } catch {
      setMessage(CONNECTION_ERROR);
    } finally {
      setBusy(false);
    }
  };

  if (state === 'checking') return <Spinner label="Verifica del link…" size="large" />;
  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby="reset-title" aria-busy={busy}>
        <h1 id="reset-title">Scegli una nuova password</h1>
        {state === 'valid' && (
          <>
            <TextField label="Nuova password" type="password" name="new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
            <TextField label="Ripeti la nuova password" type="password" name="confirm-password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} required />
          </>
        )}
        {message && (
          <Note role={state === 'done' ? 'status' : 'alert'} $error={state !== 'done'}>
            {message}
          </Note>
        )}
        {state === 'valid' && (
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Salvataggio…' : 'Salva la nuova password'}
          </Button>
        )}
        {state === 'invalid' && <Link to="/password-dimenticata">Chiedi un nuovo link</Link>}
        {state === 'done' && <a href="/login">Vai all’accesso</a>}
      </form>
    </Card>
  );
}

export function PasswordRecoveryPage() {
  const { pathname, search } = useLocation();
  // Read once, then dropped from the address (history only: no navigation, the page stays).
  const [token] = useState(() => new URLSearchParams(search).get('token'));
  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, '', pathname);
  }, [token, pathname]);
  return <Main>{pathname.startsWith('/reset-password') ? token ? <ResetPassword token={token} /> : <Note $error role="alert">Il link non è valido, è scaduto o è già stato usato. <Link to="/password-dimenticata">Chiedine uno nuovo</Link>.</Note> : <ForgotPassword />}</Main>;
}
