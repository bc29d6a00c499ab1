/**
 * Run by tools/src/prerender.ts in a tsx child process (JSX of the app sources, whatever loader runs the
 * build): renders the landing's public pages and prints them as JSON on stdout.
 *   tsx tools/src/prerender-worker.ts '<runtime config JSON>'
 */
import path from 'node:path';

const config = JSON.parse(process.argv[2] || '{}') as Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderPublicPages } = require(path.join(__dirname, '..', '..', 'remote-landing', 'src', 'exposed', 'prerender', 'render.tsx')) as {
  renderPublicPages: (config: Record<string, unknown>) => Record<string, { html: string; styles: string }>;
};
process.stdout.write(JSON.stringify(renderPublicPages(config)));
