/**
 * The apps' HTML page, written once in tools/templates/landing.html. The landing serves it as it is (the public
 * page's SEO head must be in the HTML the server sends); every other app's page is the same document without
 * that head, titled after the app, so the frame all pages share (language, viewport, theme colour, the
 * no-script line, #root) has one source.
 */
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
