// Entry of the prerendered /login's script (built by tools/src/prerender.ts, loaded with `defer`).
import { start } from './login';

start();
