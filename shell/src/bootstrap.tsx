import { api, createAppStore, loadRuntimeConfig, renderApp, RUNTIME_CONFIG_URL, setRuntimeConfig } from '@loyalty/shared';
import { App } from './routes/App';
import { takeConfigRequest } from './features/federation/model/earlyConfig';
import { applyOverrides } from './features/federation/model/overrides';
import { prepareRemoteRoute } from './features/federation/components/RemoteRoute';
import { initRemotes } from './features/federation/model/remotes';
import { firstPageDataFor, firstPageModuleFor } from './shared/routeModules';
import { startFirstPageData } from './shared/firstPageData';
import { hasStoredToken } from './shared/storedSession';
import { startSessionCheck } from './shared/sessionCheck';

function renderFatal(root: HTMLElement, message: string) {
  root.innerHTML = '';
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:1.5rem;border:1px solid #fca5a5;border-radius:.75rem;background:#fef2f2;color:#7f1d1d';
  const title = document.createElement('h1');
  title.textContent = 'Impossibile avviare la dashboard';
  title.style.fontSize = '1.25rem';
  const text = document.createElement('p');
  text.textContent = message;
  const retry = document.createElement('button');
  retry.textContent = 'Riprova';
  retry.onclick = () => window.location.reload();
  box.append(title, text, retry);
  root.append(box);
}

async function start() {
  const rootElement = document.getElementById('root')!;
  let config;
  try {
    config = await loadRuntimeConfig(RUNTIME_CONFIG_URL, takeConfigRequest());
  } catch (err) {
    renderFatal(rootElement, (err as Error).message);
    return;
  }
  setRuntimeConfig(config);
  initRemotes(applyOverrides(config.remotes, window.location.search, window.localStorage));

  const store = createAppStore();
  const hasSession = hasStoredToken(() => window.localStorage);
  // The first page's remote module starts now, in parallel with React's first render and the session
  // check, instead of once the route has mounted, and its area renders it without suspending (decision
  // 030); for a signed-in user the business list too.
  const target = firstPageModuleFor(window.location.pathname, hasSession);
  if (target) prepareRemoteRoute(target.remote, target.module);
  // The session check leaves with the business list, before the first render (its answer was the last link before
  // the screen could be drawn: decision 105).
  if (hasSession) {
    startSessionCheck(store.dispatch);
    void store.dispatch(api.endpoints.getBusinesses.initiate(undefined, { subscribe: false }));
  }
  // And the data the page shows first, as soon as the shop is known (decision 101).
  startFirstPageData(store, firstPageDataFor(window.location.pathname, hasSession));
  renderApp(rootElement, store, <App />);
}

void start();
