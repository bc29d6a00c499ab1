// Entry of the signup page's script (the registry tools/src/public-pages.ts; built by tools/src/prerender.ts, loaded with `defer`).
import { start } from './signup';

start();
