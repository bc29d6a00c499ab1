/** The apps' pages from the one HTML template (tools/src/html-template.ts). */
import fs from 'node:fs';
import { appPageTemplate, LANDING_TEMPLATE } from '../src/html-template';

const landing = fs.readFileSync(LANDING_TEMPLATE, 'utf8');

it("gives every app but the landing the landing's page without its SEO head, titled after the app", () => {
  const page = appPageTemplate(landing, 'Appo – Campagne & "Co"');
  expect(page).toContain('<title>Appo – Campagne &amp; &quot;Co&quot;</title>\n  </head>');
  expect(page.match(/<title>/g)).toHaveLength(1);
  expect(page).not.toMatch(/name="description"|og:|twitter:|application\/ld\+json|<!--/);
  // What every page shares stays as the landing has it: the language, the theme colour, the no-script line, #root.
  expect(page.slice(0, page.indexOf('<title>'))).toBe(landing.slice(0, landing.indexOf('<!-- SEO')));
  expect(page.slice(page.indexOf('</head>'))).toBe(landing.slice(landing.indexOf('</head>')));
});

it('fails the build when the template no longer marks where the landing’s own head starts', () => {
  expect(() => appPageTemplate(landing.replace('<!-- SEO', '<!-- Testa'), 'Appo')).toThrow(/no "<!-- SEO" comment/);
});
