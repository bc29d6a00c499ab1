/**
 * What the page says when the dashboard's own code could not be loaded or started (a chunk refused by the network,
 * a shared library that throws while it is evaluated). Before this the frame painted from the HTML stayed on screen
 * with its spinner for ever and the error went only to the console. React, the styles library and the UI kit may
 * be what failed, so this is plain DOM: the message where the screen's placeholder spins (or at the top of the page
 * when there is no frame, as for a visitor without a session), and «Riprova», which loads the page again; the page
 * is loaded again by itself as soon as the browser reports the network back.
 */
export const STARTUP_FAILED_MESSAGE = 'Impossibile caricare la dashboard. Controlla la connessione e riprova.';
export const STARTUP_RETRY_LABEL = 'Riprova';

/** The placeholder's busy region inside the frame painted from the HTML (ScreenPlaceholder), when it is shown. */
function framePlaceholder(doc: Document): Element | null {
  if (doc.documentElement.hasAttribute('data-signed-out')) return null;
  return doc.querySelector('#root main [aria-busy="true"]');
}

export function showStartupFailure(error: unknown, doc: Document = document, reload: () => void = () => window.location.reload()): HTMLElement {
  console.error('Avvio della dashboard non riuscito', error);
  const alert = doc.createElement('div');
  alert.setAttribute('role', 'alert');
  alert.dataset.startupFailure = '';
  alert.style.padding = '1rem 0';
  const message = doc.createElement('p');
  message.textContent = STARTUP_FAILED_MESSAGE;
  const retry = doc.createElement('button');
  retry.type = 'button';
  retry.textContent = STARTUP_RETRY_LABEL;
  retry.style.minHeight = '44px';
  retry.style.padding = '0 1rem';
  retry.addEventListener('click', () => reload());
  alert.append(message, retry);

  const placeholder = framePlaceholder(doc);
  if (placeholder) {
    placeholder.setAttribute('aria-busy', 'false');
    placeholder.replaceChildren(alert);
  } else {
    const host = doc.getElementById('root') ?? doc.body;
    host.prepend(alert);
  }
  doc.defaultView?.addEventListener('online', () => reload(), { once: true });
  retry.focus();
  return alert;
}
