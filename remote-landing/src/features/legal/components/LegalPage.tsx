import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { getRuntimeConfig, Link, TableScroll, useLocation } from '@loyalty/shared';
import { COOKIE_PREFS_STORAGE_KEY, LOGIN_LOCK_STORAGE_KEY } from '../../../shared/browserStorage';

const Article = styled.main`
  max-width: 48rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  h1:focus { outline: none; }
  table { width: 100%; border-collapse: collapse; margin: ${({ theme }) => theme.space.md} 0; }
  th, td { text-align: left; vertical-align: top; padding: ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; }
`;

/** What this product keeps in the browser's local storage, and why. No cookies are set. */
const BROWSER_STORAGE = [
  { key: 'token', purpose: 'Mantiene l’accesso alla dashboard dopo il login.', kind: 'Essenziale', lasts: 'Fino al logout o alla scadenza della sessione' },
  { key: 'currentBusiness:<id utente>', purpose: 'Ricorda l’attività scelta nella barra in alto, anche dopo un ricaricamento o in un’altra scheda.', kind: 'Essenziale', lasts: 'Finché non scegli un’altra attività o cancelli i dati del browser' },
  { key: COOKIE_PREFS_STORAGE_KEY, purpose: 'Ricorda le tue scelte su cookie analitici e di marketing.', kind: 'Essenziale', lasts: 'Finché non le cambi o cancelli i dati del browser' },
  { key: LOGIN_LOCK_STORAGE_KEY, purpose: 'Dopo 3 tentativi di accesso errati blocca il modulo per 5 minuti, anche se ricarichi la pagina.', kind: 'Essenziale (sicurezza)', lasts: '5 minuti' },
];

/** Four columns do not fit a phone: the table scrolls inside its own box there, the page does not (360 px: 507 px wide). */
function StorageTable() {
  return (
    <TableScroll label="Tabella dei dati salvati nel browser" minWidth="32rem">
      <table>
        <caption>Dati salvati nel browser (local storage)</caption>
        <thead>
          <tr>
            <th scope="col">Chiave</th>
            <th scope="col">A cosa serve</th>
            <th scope="col">Tipo</th>
            <th scope="col">Durata</th>
          </tr>
        </thead>
        <tbody>
          {BROWSER_STORAGE.map((item) => (
            <tr key={item.key}>
              <th scope="row">
                <code>{item.key}</code>
              </th>
              <td>{item.purpose}</td>
              <td>{item.kind}</td>
              <td>{item.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function PrivacyPolicy({ supportEmail }: { supportEmail: string }) {
  return (
    <>
      <h2>Chi tratta i dati</h2>
      <p>
        Il titolare del trattamento dei dati dei clienti è l’attività che emette la carta fedeltà; noi forniamo la
        piattaforma per suo conto. Per qualsiasi richiesta scrivi a <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
      <h2>Quali dati raccogliamo</h2>
      <ul>
        <li>
          <strong>Adesione alla carta fedeltà</strong>: email, nome completo e numero di telefono, la presa visione di
          questa informativa e, solo se lo scegli, il consenso a ricevere comunicazioni commerciali.
        </li>
        <li>
          <strong>Uso della carta</strong>: punti accumulati, con data e descrizione di ogni movimento.
        </li>
        <li>
          <strong>Account della dashboard</strong> (esercenti): email, nome, ruolo e una password conservata solo in forma
          cifrata.
        </li>
      </ul>
      <h2>Perché e per quanto</h2>
      <p>
        I dati servono a gestire la carta e i punti (esecuzione del servizio richiesto). Messaggi promozionali via
        WhatsApp, SMS o email sono inviati solo a chi ha dato il consenso facoltativo, che puoi revocare in qualsiasi
        momento chiedendolo all’attività o al supporto. I dati restano finché la carta è attiva.
      </p>
      <h2>I tuoi diritti</h2>
      <p>
        Puoi chiedere accesso, rettifica, cancellazione, limitazione e portabilità dei dati e opporti al trattamento
        (artt. 15–21 GDPR), oltre a proporre reclamo al Garante per la protezione dei dati personali.
      </p>
      <h2>Dati nel tuo browser</h2>
      <StorageTable />
    </>
  );
}

function CookiePolicy() {
  return (
    <>
      <p>
        Questo sito non installa cookie di terze parti né strumenti di tracciamento. Salva nel local storage del browser
        soltanto le informazioni elencate qui sotto, tutte necessarie al funzionamento del servizio.
      </p>
      <StorageTable />
      <h2>Cookie analitici e di marketing</h2>
      <p>
        Il banner dei cookie ti permette di accettarli o rifiutarli: la scelta è salvata nella chiave{' '}
        <code>{COOKIE_PREFS_STORAGE_KEY}</code>. Oggi nessuno strumento analitico o di marketing è attivo; se in futuro
        ne aggiungeremo uno, partirà solo con il tuo consenso. Puoi cambiare idea dal link «Preferenze cookie» in fondo
        alla pagina iniziale.
      </p>
    </>
  );
}

/** `/privacy` and `/cookie-policy` (the footer's links). */
export function LegalPage() {
  const { pathname } = useLocation();
  const isCookiePolicy = pathname.startsWith('/cookie-policy');
  const title = isCookiePolicy ? 'Cookie policy' : 'Informativa sulla privacy';
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${title} – ${getRuntimeConfig().brandName}`;
    // A client-side navigation announces nothing by itself: move focus to the new page's title.
    headingRef.current?.focus();
  }, [title]);

  return (
    <Article>
      <p>
        <Link to="/login">← Torna alla pagina iniziale</Link>
      </p>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {isCookiePolicy ? <CookiePolicy /> : <PrivacyPolicy supportEmail={getRuntimeConfig().support.email} />}
    </Article>
  );
}
