// Entry of the prerendered customer page's script (built by tools/src/prerender.ts, loaded with `defer`).
import { start } from './my-card';

void start();
