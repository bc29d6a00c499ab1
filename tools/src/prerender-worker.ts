/**
 * Run by tools/src/prerender.ts in a tsx child process (JSX of the app sources, whatever loader runs the
 * build): renders the named public pages' markup, or the shell's dashboard frame for each framed path, and
 * prints them as JSON on stdout, by name (or path).
 *   tsx tools/src/prerender-worker.ts '<runtime config JSON>' '{"login":"/login",…}'
 *   tsx tools/src/prerender-worker.ts '<runtime config JSON>' frames '<shell build version>'
 */
import path from 'node:path';

type Rendered = { html: string; styles: string };
const config = JSON.parse(process.argv[2] || '{}') as Record<string, unknown>;
const ROOT = path.join(__dirname, '..', '..');

if (process.argv[3] === 'frames') {
  // What the shell's webpack build defines for its code (tools/src/federation.ts), for its components in Node.
  (globalThis as Record<string, unknown>).__BUILD_VERSION__ = process.argv[4] ?? '';
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { FRAMED_PATHS, renderFrame } = require(path.join(ROOT, 'shell', 'src', 'prerender', 'renderFrame.tsx')) as {
    FRAMED_PATHS: readonly string[];
    renderFrame: (pagePath: string, config: Record<string, unknown>) => Rendered;
  };
  process.stdout.write(JSON.stringify(Object.fromEntries(FRAMED_PATHS.map((pagePath) => [pagePath, renderFrame(pagePath, config)]))));
} else {
  const pages = JSON.parse(process.argv[3] || '{}') as Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { renderPublicPage } = require(path.join(ROOT, 'remote-landing', 'src', 'exposed', 'public-pages', 'render.tsx')) as {
    renderPublicPage: (name: string, pagePath: string, config: Record<string, unknown>) => Rendered;
  };
  process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(pages).map(([name, pagePath]) => [name, renderPublicPage(name, pagePath, config)]))));
}
