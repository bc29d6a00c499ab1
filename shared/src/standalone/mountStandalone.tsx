/**
 * Standalone mode of a remote: the same store, theme and router factories the shell uses, so a team can
 * develop and demo its remote alone (and customers reach remote-landing's signup without the shell).
 * Inside the shell this file is never used: exposed modules render in the shell's providers.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { loadRuntimeConfig, setRuntimeConfig } from '../config/runtimeConfig';
import { checkSession } from '../session/sessionSlice';
import { useAuth } from '../session/useAuth';
import { createAppStore } from '../store/createAppStore';
import { useAppDispatch } from '../store/hooks';
import { useCurrentBusiness } from '../business/useCurrentBusiness';
import { Notifications } from '../notifications/Notifications';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Spinner } from '../ui/Spinner';
import { ConnectionBanner } from '../ui/ConnectionBanner';
import { renderApp } from './renderApp';

export interface StandaloneRoute {
  path: string;
  element: ReactNode;
  /** Needs a logged-in user (dashboard screens); public pages leave it false. */
  requiresAuth?: boolean;
}

function StandaloneLogin() {
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      if (!(await login(email.trim(), password))) setError('Credenziali non valide.');
    } catch {
      setError('Errore di connessione. Riprova piu tardi.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} style={{ maxWidth: '24rem', margin: '3rem auto' }} aria-labelledby="standalone-login-title">
      <h1 id="standalone-login-title">Accesso (modalità standalone)</h1>
      <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      <TextField label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      {error && <p role="alert">{error}</p>}
      <Button type="submit" loading={busy}>
        Accedi
      </Button>
    </form>
  );
}

function AuthGate({ children }: { children: ReactNode }) {
  const { user, checked } = useAuth();
  useCurrentBusiness(); // loads the businesses and picks the current one, as the shell's switcher does
  // `checked`, not `loading`: loading is also true during a login call, and hiding the form then
  // would remount it and lose its error message.
  if (!checked) return <Spinner label="Verifica della sessione…" />;
  if (!user) return <StandaloneLogin />;
  return <>{children}</>;
}

function StandaloneApp({ routes }: { routes: StandaloneRoute[] }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(checkSession());
  }, [dispatch]);
  return (
    <>
      <ConnectionBanner />
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.requiresAuth ? <AuthGate>{r.element}</AuthGate> : r.element} />
        ))}
        <Route path="*" element={<Navigate to={routes[0]?.path ?? '/'} replace />} />
      </Routes>
      <Notifications />
    </>
  );
}

export async function mountStandalone(routes: StandaloneRoute[], rootElement = document.getElementById('root')!): Promise<void> {
  try {
    setRuntimeConfig(await loadRuntimeConfig());
  } catch (err) {
    rootElement.textContent = (err as Error).message;
    return;
  }
  renderApp(rootElement, createAppStore(), <StandaloneApp routes={routes} />);
}
