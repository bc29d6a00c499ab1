import { copyOfConfigRequest, startConfigRequest } from './features/federation/model/earlyConfig';
import { startFirstPageRemote } from './features/federation/model/earlyRemote';
import { nextTask, runInTasks } from './shared/inTasks';
import { showStartupFailure } from './startup/startupFailure';

// The run-time config travels in parallel with the shared chunks instead of after them.
startConfigRequest();
// So does the remote that renders the page being opened: as soon as the config is in, Module Federation's
// preloadRemote fetches its manifest and entry and hints the page's chunks (docs/decisions/018-startup-preload.md).
const config = copyOfConfigRequest();
if (config) void startFirstPageRemote({ config, location: window.location, storage: () => window.localStorage });
// Async boundary: shared singletons are negotiated by the federation runtime before any of them is used, in a task
// after this one (its chunks are already on their way: the HTML preloads them); then the libraries are evaluated
// one per task, not all in one long task (decision 106).
// A chunk the network refused or a library that threw leaves the page saying so, with «Riprova».
void nextTask()
  .then(() => import('./startup/stages'))
  .then(({ STAGES }) => runInTasks(STAGES))
  .catch((error: unknown) => showStartupFailure(error));
