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
/** The marker the build puts on the frame's outer element (React's first render replaces it with its own). */
export const FRAME_ATTRIBUTE = 'data-prerendered-frame';
/**
 * The one inline script of the product, in the head of the framed pages before the frame paints: without a stored
 * session it marks the document, and FRAME_GATE_STYLE keeps the frame hidden, so a signed-out visitor never sees
 * the dashboard's frame while the app loads to send them to /login (an empty page, as before the frame). Inline,
 * not a file: a file would hold back the first paint by a request. The Content-Security-Policy allows this exact
 * script by its hash (FRAME_GATE_HASH), nothing else inline.
 *
 * It also makes the frame's «Apri menu» work before the app has started (on a phone's network that is seconds): a
 * tap on it marks the document with FRAME_MENU_OPEN, which FRAME_GATE_STYLE turns into the open drawer, and the
 * button says «Chiudi menu», expanded; a second tap closes it. React's layout starts with the drawer as the tap left
 * it (shell's DashboardLayout reads the mark, then removes it), so nothing the user did is undone when the app takes
 * over the frame.
 */
export const FRAME_MENU_OPEN = 'data-menu-open';
export const FRAME_GATE_SCRIPT =
  `try{if(!localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))throw 0}catch(e){document.documentElement.setAttribute("data-signed-out","")}` +
  `document.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("[${FRAME_ATTRIBUTE}] [aria-controls=sidebar]");if(!b)return;` +
  `var h=document.documentElement,o=!h.hasAttribute("${FRAME_MENU_OPEN}");if(o)h.setAttribute("${FRAME_MENU_OPEN}","");else h.removeAttribute("${FRAME_MENU_OPEN}");` +
  `b.setAttribute("aria-expanded",String(o));b.setAttribute("aria-label",o?"Chiudi menu":"Apri menu")})`;
export const FRAME_GATE_HASH = `'sha256-${crypto.createHash('sha256').update(FRAME_GATE_SCRIPT).digest('base64')}'`;
/** The signed-out visitor's hidden frame, and the drawer a tap on the frame's «Apri menu» opened (as the shell's Sidebar opens it below 1024 px). */
export const FRAME_GATE_STYLE =
  `html[data-signed-out] [${FRAME_ATTRIBUTE}]{display:none}` +
  `@media (max-width:1023px){html[${FRAME_MENU_OPEN}] [${FRAME_ATTRIBUTE}] #sidebar{transform:none;visibility:visible}}`;
