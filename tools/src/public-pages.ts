/**
 * The public pages, one row each (docs/decisions/063-public-pages-written-once.md): pages a visitor opens
 * without a session, written once as a component tree rendered to HTML at build time and one framework-free
 * script that is the page's only controller. A row says where the page is answered, which file the
 * landing's build writes, which script drives it and which head it gets; its markup is the component of the
 * same name in remote-landing/src/exposed/public-pages/render.tsx.
 *
 * Adding a page: a folder under remote-landing/src/exposed/public-pages/ with its markup, its script and the
 * script's entry; the markup in render.tsx's map; a row here. The landing's build then writes it, every
 * static server answers it at its path, and the shell composes it from the landing origin. To reach it from
 * inside the app too: a `servedAsHtml` route in shell/src/shared/routeTable.ts, and an exposed module that
 * renders the markup and runs the script (`publicPage` of exposed/public-pages/PublicPage.tsx).
 */
import { signupHead, SIGNUP_PAGE_PATH, withHead, withoutProductSeo } from './link-preview';

export interface PublicPage {
  /** The address every static server answers it at: the landing origin's own, and the shell's (composed). */
  path: string;
  /** The HTML file the landing's build writes next to its bundles. */
  file: string;
  /** The script's entry in remote-landing (loaded with `defer`; React, the store and zod's classic API stay out). */
  script: string;
  /** The page's head, from the landing's HTML template (its product SEO, or the page's own title). */
  head: (landingTemplate: string) => string;
  /** What a browser without JavaScript is told. */
  noscript: string;
  /**
   * The shell's build writes its own copy of the page and script (`shellCopyFile`), served while the landing
   * origin has never been reached: a visitor can always sign in.
   */
  shellCopy?: boolean;
  /** What the shell answers (503) when it has no copy of the page at all. */
  unavailable: { title: string; text: string };
}

/** The customer page's head: its own title, not indexed (a person's page), no referrer (the token in the address). */
function myCardHead(landingTemplate: string): string {
  const head = withHead(withoutProductSeo(landingTemplate), {
    title: 'La tua carta fedeltà',
    description: 'Saldo, premi, movimenti e consensi delle tue carte fedeltà, con un link che ricevi sul tuo contatto.',
  });
  return head.replace('</title>', '</title>\n    <meta name="robots" content="noindex" />\n    <meta name="referrer" content="no-referrer" />');
}

export const LOGIN_PAGE_PATH = '/login';
export const MY_CARD_PAGE_PATH = '/my-card';

export const PUBLIC_PAGES = {
  /** The landing page with the login form, with the product's SEO head and JSON-LD. */
  login: {
    path: LOGIN_PAGE_PATH,
    file: 'login.html',
    script: './src/exposed/public-pages/login/entry.ts',
    head: (template) => template,
    noscript: 'Per accedere attiva JavaScript nel browser.',
    shellCopy: true,
    unavailable: { title: 'Accedi', text: 'La pagina di accesso non è disponibile in questo momento. Riprova tra qualche minuto.' },
  },
  /** A shop's signup page: a generic head here, named after the shop per request (link-preview.ts). */
  signup: {
    path: SIGNUP_PAGE_PATH,
    file: 'signup.html',
    script: './src/exposed/public-pages/signup/entry.ts',
    head: (template) => withHead(withoutProductSeo(template), signupHead()),
    noscript: 'Per richiedere la carta attiva JavaScript nel browser.',
    unavailable: { title: 'Ottieni la tua Carta Fedeltà', text: 'La richiesta della carta non è disponibile in questo momento. Riprova tra qualche minuto.' },
  },
  /** The customer's own page (decision 049). */
  myCard: {
    path: MY_CARD_PAGE_PATH,
    file: 'my-card.html',
    script: './src/exposed/public-pages/my-card/entry.ts',
    head: myCardHead,
    noscript: 'Per vedere la tua carta attiva JavaScript nel browser.',
    unavailable: {
      title: 'La tua carta fedeltà',
      text: 'La pagina della tua carta non è disponibile in questo momento. Riprova tra qualche minuto: il link che hai ricevuto vale 15 minuti.',
    },
  },
} satisfies Record<string, PublicPage>;

export type PublicPageName = keyof typeof PUBLIC_PAGES;

export const PUBLIC_PAGE_NAMES = Object.keys(PUBLIC_PAGES) as PublicPageName[];

/** The prerendered pages a landing build writes, by the path the static servers answer them for. */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = Object.fromEntries(Object.values(PUBLIC_PAGES).map((page) => [page.path, page.file]));

/** The tag a public page's script is loaded by; the shell's server rewrites its `src` to the landing origin. */
export const PAGE_SCRIPT_ATTRIBUTE = 'data-page-script';

/** The file of the shell's own copy of a page, in the shell's build folder (not answered for the page's path by its name). */
export const shellCopyFile = (page: Pick<PublicPage, 'file'>): string => `fallback-${page.file}`;
