/**
 * The apps' HTML page, written once in tools/templates/landing.html. The landing serves it as it is (the public
 * page's SEO head must be in the HTML the server sends); every other app's page is the same document without
 * that head, titled after the app, so the frame all pages share (language, viewport, theme colour, the
 * no-script line, #root) has one source.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { REPO_ROOT } from './apps';
import { escapeHtml } from './link-preview';

export const LANDING_TEMPLATE = path.join(REPO_ROOT, 'tools', 'templates', 'landing.html');

/** The landing's own head: from its SEO comment to the end of the head. */
const LANDING_HEAD = /<!-- SEO[\s\S]*?(?=<\/head>)/;

/** An app's page (every app but the landing): the landing's template with its own head replaced by `title`. */
export function appPageTemplate(landingTemplate: string, title: string): string {
  if (!LANDING_HEAD.test(landingTemplate)) throw new Error(`${LANDING_TEMPLATE} has no "<!-- SEO" comment starting the landing's own head`);
  return landingTemplate.replace(LANDING_HEAD, () => `<title>${escapeHtml(title)}</title>\n  `);
}

/** Where the shell's build writes the frame of the dashboard page at `pagePath` (`/dashboard/campaigns` → `frames/dashboard/campaigns.html`). */
export const frameFile = (pagePath: string): string => path.posix.join('frames', `${pagePath.replace(/^\/+/, '')}.html`);

/** Where the app keeps the session token (shared's TOKEN_STORAGE_KEY; the frame journeys fail if they disagree). */
const TOKEN_STORAGE_KEY = 'token';
/**
 * The one inline script of the product, in the head of the framed pages before the frame paints: without a stored
 * session it marks the document, and FRAME_GATE_STYLE keeps the frame hidden, so a signed-out visitor never sees
 * the dashboard's frame while the app loads to send them to /login (an empty page, as before the frame). Inline,
 * not a file: a file would hold back the first paint by a request. The Content-Security-Policy allows this exact
 * script by its hash (FRAME_GATE_HASH), nothing else inline.
 */
export const FRAME_GATE_SCRIPT = `try{if(!localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))throw 0}catch(e){document.documentElement.setAttribute("data-signed-out","")}`;
export const FRAME_GATE_HASH = `'sha256-${crypto.createHash('sha256').update(FRAME_GATE_SCRIPT).digest('base64')}'`;
/** The marker the build puts on the frame's outer element (React's first render replaces it with its own). */
export const FRAME_ATTRIBUTE = 'data-prerendered-frame';
export const FRAME_GATE_STYLE = `html[data-signed-out] [${FRAME_ATTRIBUTE}]{display:none}`;
