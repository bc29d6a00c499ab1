/**
 * Run by tools/src/prerender.ts in a tsx child process (JSX of the app sources, whatever loader runs the
 * build): renders the named public pages' markup and prints them as JSON on stdout, by name.
 *   tsx tools/src/prerender-worker.ts '<runtime config JSON>' '{"login":"/login",…}'
 */
import path from 'node:path';

const config = JSON.parse(process.argv[2] || '{}') as Record<string, unknown>;
const pages = JSON.parse(process.argv[3] || '{}') as Record<string, string>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderPublicPage } = require(path.join(__dirname, '..', '..', 'remote-landing', 'src', 'exposed', 'public-pages', 'render.tsx')) as {
  renderPublicPage: (name: string, pagePath: string, config: Record<string, unknown>) => { html: string; styles: string };
};
process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(pages).map(([name, pagePath]) => [name, renderPublicPage(name, pagePath, config)]))));
