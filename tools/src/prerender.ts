/**
 * The landing's public pages as HTML made at build time (docs/decisions/028-prerendered-public-pages.md).
 * After webpack has built remote-landing, this step
 *  1. builds each page's small script (remote-landing/src/exposed/page-scripts/, no React, no federation) into the same
 *     folder as `login.<hash>.js` and `signup.<hash>.js` (+ `.br`), a separate tiny webpack run;
 *  2. renders the pages' React components to HTML with their critical CSS (styled-components' server
 *     style sheet), in a tsx child process (tools/src/prerender-worker.ts);
 *  3. writes `login.html`, `signup.html` and `my-card.html` (the customer's page, decision 049) from the landing's HTML template (for /login its SEO head and
 *     JSON-LD of SPEC §1; for the signup page its own generic title, which the static servers name after the
 *     shop per request: tools/src/link-preview.ts), the markup in #root, the styles inline and the script
 *     deferred, by a root-relative URL the shell's server makes absolute to the landing origin
 *     (tools/src/landing-page.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import { REPO_ROOT } from './apps';
import { signupHead, SIGNUP_PAGE_PATH, withHead, withoutProductSeo } from './link-preview';
import { runtimeConfigFromEnv } from './runtime-config';

const LANDING_DIR = path.join(REPO_ROOT, 'remote-landing');
const TEMPLATE = path.join(REPO_ROOT, 'tools', 'templates', 'landing.html');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

/** The customer's own page (issue 22, docs/decisions/049-customer-page.md). */
export const MY_CARD_PAGE_PATH = '/my-card';

/** The prerendered pages a landing build writes, by the page path the static servers answer them for. */
export const PRERENDERED_PAGES = { '/login': 'login.html', [SIGNUP_PAGE_PATH]: 'signup.html', [MY_CARD_PAGE_PATH]: 'my-card.html' } as const;

type PageName = 'login' | 'signup' | 'myCard';

/** Each page: its script's entry, its file, what a browser without JavaScript is told. */
const PAGES: Record<PageName, { entry: string; file: string; noscript: string }> = {
  login: { entry: './src/exposed/page-scripts/login-entry.ts', file: PRERENDERED_PAGES['/login'], noscript: 'Per accedere attiva JavaScript nel browser.' },
  signup: { entry: './src/exposed/page-scripts/signup-entry.ts', file: PRERENDERED_PAGES[SIGNUP_PAGE_PATH], noscript: 'Per richiedere la carta attiva JavaScript nel browser.' },
  myCard: { entry: './src/exposed/page-scripts/my-card-entry.ts', file: PRERENDERED_PAGES[MY_CARD_PAGE_PATH], noscript: 'Per vedere la tua carta attiva JavaScript nel browser.' },
};

/**
 * The customer page's head: its own title, not indexed (it is a person's page), and no referrer, so the
 * one-time `?token=` in the address is never sent to another address before the script removes it.
 */
export function myCardTemplate(landingTemplate: string): string {
  const head = withHead(withoutProductSeo(landingTemplate), {
    title: 'La tua carta fedeltà',
    description: 'Saldo, premi, movimenti e consensi delle tue carte fedeltà, con un link che ricevi sul tuo contatto.',
  });
  return head.replace('</title>', '</title>\n    <meta name="robots" content="noindex" />\n    <meta name="referrer" content="no-referrer" />');
}

/** What a page script must never carry (React, the store, the router, shared's entry, the forms' libraries): the build fails on it. */
const NOT_IN_A_PAGE_SCRIPT =
  /[\\/]node_modules[\\/](react|react-dom|react-router|@reduxjs|react-redux|styled-components|@module-federation|react-hook-form|@hookform|zod)[\\/]|[\\/]shared[\\/]src[\\/](index\.ts|forms[\\/](index|rules|zod)\.ts)$/;

/** The tag a prerendered page's script is loaded by; the shell's server rewrites its `src` to the landing origin. */
export const PAGE_SCRIPT_ATTRIBUTE = 'data-page-script';

function enhanceScriptConfig(outputPath: string, mode: 'production' | 'development'): webpack.Configuration {
  return {
    name: 'landing-page-script',
    context: LANDING_DIR,
    mode,
    target: ['web', 'es2022'],
    entry: Object.fromEntries(Object.entries(PAGES).map(([name, page]) => [name, page.entry])),
    devtool: 'source-map',
    // One file per page: the signup script's card drawing (shared's drawLoyaltyCard, which imports qrcode on
    // demand) is part of it, so no chunk has to be found at run time (and the shell's kept copy is complete).
    output: { path: outputPath, filename: '[name].[contenthash:10].js', clean: false, publicPath: '', asyncChunks: false },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' } } },
        },
      ],
    },
    plugins:
      mode === 'production'
        ? [
            new CompressionPlugin<zlib.BrotliOptions>({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: /\.js$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
              threshold: 0,
              minRatio: 1,
            }),
          ]
        : [],
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

async function buildPageScripts(outputPath: string, mode: 'production' | 'development'): Promise<Record<PageName, string>> {
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    const compiler = webpack(enhanceScriptConfig(outputPath, mode));
    compiler.run((err, result) => {
      compiler.close(() => undefined);
      if (err) return reject(err);
      if (!result || result.hasErrors()) return reject(new Error(result?.toString({ all: false, errors: true, colors: false }) ?? 'no stats'));
      resolve(result);
    });
  });
  const json = stats.toJson({ all: false, assets: true, chunks: false, modules: true, nestedModules: true });
  // The scripts import shared only through `@loyalty/shared/page-script` (framework-free modules).
  const heavy = (json.modules ?? []).flatMap((m) => [m, ...(m.modules ?? [])]).map((m) => m.nameForCondition ?? m.name ?? '').filter((name) => NOT_IN_A_PAGE_SCRIPT.test(name));
  if (heavy.length > 0) throw new Error(`a page script must not carry ${heavy.join(', ')}`);
  const scripts = {} as Record<PageName, string>;
  for (const name of Object.keys(PAGES) as PageName[]) {
    const script = (json.assetsByChunkName?.[name] ?? []).find((f) => f.endsWith('.js'));
    if (!script) throw new Error(`the ${name} page script was not emitted`);
    scripts[name] = script;
  }
  return scripts;
}

function renderPages(config: object): Promise<Record<PageName, { html: string; styles: string }>> {
  return new Promise((resolve, reject) => {
    execFile(
      TSX,
      [path.join(__dirname, 'prerender-worker.ts'), JSON.stringify(config)],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: path.join(REPO_ROOT, 'tools', 'tsconfig.prerender.json') },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`prerender failed: ${stderr || err.message}`));
        resolve(JSON.parse(stdout) as Record<PageName, { html: string; styles: string }>);
      },
    );
  });
}

/** The landing template with a rendered page: styles in the head, markup in #root, the script deferred. */
export function pageDocument(template: string, page: { html: string; styles: string }, scriptUrl: string, noscript = PAGES.login.noscript): string {
  const withHead = template.replace(
    '</head>',
    `    ${page.styles}\n    <script defer src="${scriptUrl}" ${PAGE_SCRIPT_ATTRIBUTE}></script>\n  </head>`,
  );
  return withHead
    .replace(/<noscript>[\s\S]*?<\/noscript>/, `<noscript>${noscript}</noscript>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
}

export interface PrerenderResult {
  files: string[];
  /** The login page's script. */
  script: string;
  scripts: Record<PageName, string>;
  ms: number;
}

export async function prerenderLanding(outputPath: string, mode: 'production' | 'development' = 'production'): Promise<PrerenderResult> {
  const started = Date.now();
  const config = runtimeConfigFromEnv(process.env);
  const [scripts, pages] = await Promise.all([buildPageScripts(outputPath, mode), renderPages(config)]);
  const landingTemplate = fs.readFileSync(TEMPLATE, 'utf8');
  const templates: Record<PageName, string> = {
    login: landingTemplate,
    // The customers' page: its own title and preview (named after the shop per request), not the product's SEO.
    signup: withHead(withoutProductSeo(landingTemplate), signupHead()),
    myCard: myCardTemplate(landingTemplate),
  };
  const files: string[] = [];
  for (const name of Object.keys(PAGES) as PageName[]) {
    const { file, noscript } = PAGES[name];
    const html = pageDocument(templates[name], pages[name], `/${scripts[name]}`, noscript);
    const target = path.join(outputPath, file);
    fs.writeFileSync(target, html);
    if (mode === 'production') fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }));
    files.push(file);
  }
  return { files, script: scripts.login, scripts, ms: Date.now() - started };
}
