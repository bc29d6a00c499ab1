import { startConfigRequest } from './federation/earlyConfig';

// The run-time config travels in parallel with the shared chunks instead of after them.
startConfigRequest();
// Async boundary: shared singletons are negotiated by the federation runtime before any of them is used.
import('./bootstrap');
