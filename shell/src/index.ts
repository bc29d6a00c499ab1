import { copyOfConfigRequest, startConfigRequest } from './federation/earlyConfig';
import { startFirstPageRemote } from './federation/earlyRemote';

// The run-time config travels in parallel with the shared chunks instead of after them.
startConfigRequest();
// So does the remote that renders the page being opened: its manifest as soon as the config is in, then
// preload hints for its entry and the page's chunks (docs/decisions/018-startup-preload.md).
const config = copyOfConfigRequest();
if (config) void startFirstPageRemote({ config, location: window.location, storage: () => window.localStorage, document });
// Async boundary: shared singletons are negotiated by the federation runtime before any of them is used.
import('./bootstrap');
