import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Card, Link, TextField, errorMessage, useSearchParams } from '@loyalty/shared';
import { FormFooter } from '../../../shared/FormFooter';
import { PageTitle } from '../../../shared/layout';
import { useAcceptInvitationMutation } from '../api';

const Main = styled.main`
  max-width: 32rem;
  margin: ${({ theme }) => theme.space.xl} auto;
  padding: 0 ${({ theme }) => theme.space.md};
`;

/** A password being chosen: the browser's password manager offers a new one; the form's error describes it. */
function NewPasswordField({ label, value, onChange, describedBy }: { label: string; value: string; onChange: (value: string) => void; describedBy?: string }) {
  return <TextField label={label} type="password" autoComplete="new-password" required value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy} />;
}

const ACCEPT_ERROR = 'Impossibile impostare la password. Riprova.';
const MISSING_LINK = 'Link di invito non valido: chiedi a chi ti ha invitato di inviarlo di nuovo.';

/**
 * Decision 070: the page an invitation's link opens. The token leaves the address bar at once (it is kept in
 * memory only); the colleague chooses a password (at least 8 characters, the API's rule) and then logs in.
 */
export function AcceptInvitationPage() {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | undefined>(token ? undefined : MISSING_LINK);
  const [done, setDone] = useState<string | null>(null);
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const errorId = useId();

  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setError(MISSING_LINK);
    if (password.length < 8) return setError('La password deve contenere almeno 8 caratteri');
    if (password !== repeat) return setError('Le due password non coincidono');
    setError(undefined);
    try {
      setDone((await accept({ token, password }).unwrap()).message);
    } catch (failure) {
      setError(errorMessage(failure, ACCEPT_ERROR));
    }
  };

  return (
    <Main>
      <Card aria-labelledby="accept-title">
        <PageTitle id="accept-title">Scegli la tua password</PageTitle>
        {done ? (
          <div role="status">
            <p>{done}</p>
            <p>
              <Link to="/login">Accedi</Link> con la tua email e la password appena scelta.
            </p>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="accept-title">
            <p>Sei stato invitato a lavorare con il negozio. Scegli la password con cui accederai (almeno 8 caratteri).</p>
            <NewPasswordField label="Nuova password" value={password} onChange={setPassword} describedBy={error ? errorId : undefined} />
            <NewPasswordField label="Ripeti la password" value={repeat} onChange={setRepeat} describedBy={error ? errorId : undefined} />
            <FormFooter error={error} errorId={errorId} loading={isLoading}>
              Imposta la password
            </FormFooter>
          </form>
        )}
      </Card>
    </Main>
  );
}
