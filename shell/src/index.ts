import { copyOfConfigRequest, startConfigRequest } from './features/federation/model/earlyConfig';
import { startFirstPageRemote } from './features/federation/model/earlyRemote';
import { startEarlyApi } from './startup/earlyApi';
import { firstPageDataFor, isDashboardPath } from './shared/routeModules';
import { hasStoredToken } from './shared/storedSession';
import { nextTask, runInTasks } from './shared/inTasks';
import { showStartupFailure } from './startup/startupFailure';

// The run-time config travels in parallel with the shared chunks instead of after them.
startConfigRequest();
// So does the remote that renders the page being opened: as soon as the config is in, Module Federation's
// preloadRemote fetches its manifest and entry and hints the page's chunks (docs/decisions/018-startup-preload.md).
const config = copyOfConfigRequest();
if (config) void startFirstPageRemote({ config, location: window.location, storage: () => window.localStorage });
// And so does the page's first data: the session, the shop list and, on the cards screen, its first page (decision 108).
const apiConfig = copyOfConfigRequest();
if (apiConfig) {
  const session = hasStoredToken(() => window.localStorage);
  void startEarlyApi({
    config: apiConfig,
    page: { dashboard: session && isDashboardPath(window.location.pathname), firstData: firstPageDataFor(window.location.pathname, session) ?? null },
    storage: () => window.localStorage,
    base: window.location.href,
  });
}
// Async boundary: shared singletons are negotiated by the federation runtime before any of them is used, in a task
// after this one (its chunks are already on their way: the HTML preloads them); then the libraries are evaluated
// one per task, not all in one long task (decision 106).
// A chunk the network refused or a library that threw leaves the page saying so, with «Riprova».
void nextTask()
  .then(() => import('./startup/stages'))
  .then(({ STAGES }) => runInTasks(STAGES))
  .catch((error: unknown) => showStartupFailure(error));
