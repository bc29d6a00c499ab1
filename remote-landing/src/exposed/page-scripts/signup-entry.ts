// Entry of the prerendered signup page's script (built by tools/src/prerender.ts, loaded with `defer`).
import { start } from './signup';

start();
