/**
 * The public pages as HTML made at build time (docs/decisions/063-public-pages-written-once.md), for the
 * pages of the registry (tools/src/public-pages.ts). After webpack has built remote-landing (or the shell,
 * for its own copy of the login page), this step
 *  1. builds each page's script (its only controller: no React, no federation) into the same folder as
 *     `<name>.<hash>.js` (+ `.br`), a separate tiny webpack run;
 *  2. renders the pages' markup to HTML with their critical CSS (styled-components' server style sheet), in
 *     a tsx child process (tools/src/prerender-worker.ts);
 *  3. writes each page's file from the landing's HTML template with the page's head, the markup in #root,
 *     the styles inline and the script deferred, by a root-relative URL (the shell's server makes it
 *     absolute to the landing origin when it composes the page: tools/src/landing-page.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import { REPO_ROOT } from './apps';
import { FRAME_ATTRIBUTE, FRAME_GATE_SCRIPT, FRAME_GATE_STYLE, frameFile, LANDING_TEMPLATE } from './html-template';
import { PAGE_SCRIPT_ATTRIBUTE, PUBLIC_PAGE_NAMES, PUBLIC_PAGES, shellCopyFile, type PublicPage, type PublicPageName } from './public-pages';
import { runtimeConfigFromEnv } from './runtime-config';

const LANDING_DIR = path.join(REPO_ROOT, 'remote-landing');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

/**
 * What a page script must never carry (React, the store, the router, shared's entry, the React forms'
 * libraries, zod's classic API or its locales, every dashboard form's rule): the build fails on it. The
 * public forms' schemas (shared/src/forms/publicForms.ts) and the part of `zod/mini` they use are allowed.
 */
const NOT_IN_A_PAGE_SCRIPT =
  /[\\/]node_modules[\\/](react|react-dom|react-router|@reduxjs|react-redux|styled-components|@module-federation|react-hook-form|@hookform)[\\/]|[\\/]node_modules[\\/]zod[\\/](v4[\\/](classic|locales)|v3|locales)[\\/]|[\\/]shared[\\/]src[\\/](index\.ts|forms[\\/](index|rules)\.ts)$/;

export { PAGE_SCRIPT_ATTRIBUTE };

type Mode = 'production' | 'development';

function pageScriptConfig(outputPath: string, mode: Mode, names: readonly PublicPageName[]): webpack.Configuration {
  return {
    name: 'public-page-scripts',
    context: LANDING_DIR,
    mode,
    target: ['web', 'es2022'],
    entry: Object.fromEntries(names.map((name) => [name, PUBLIC_PAGES[name].script])),
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

async function buildPageScripts(outputPath: string, mode: Mode, names: readonly PublicPageName[]): Promise<Record<string, string>> {
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    const compiler = webpack(pageScriptConfig(outputPath, mode, names));
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
  const scripts: Record<string, string> = {};
  for (const name of names) {
    const script = (json.assetsByChunkName?.[name] ?? []).find((f) => f.endsWith('.js'));
    if (!script) throw new Error(`the ${name} page script was not emitted`);
    scripts[name] = script;
  }
  return scripts;
}

type RenderedPage = { html: string; styles: string };

function renderPages(config: object, names: readonly PublicPageName[]): Promise<Record<string, RenderedPage>> {
  const paths = Object.fromEntries(names.map((name) => [name, PUBLIC_PAGES[name].path]));
  return runWorker([JSON.stringify(config), JSON.stringify(paths)]);
}

function runWorker(args: string[]): Promise<Record<string, RenderedPage>> {
  return new Promise((resolve, reject) => {
    execFile(
      TSX,
      [path.join(__dirname, 'prerender-worker.ts'), ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: path.join(REPO_ROOT, 'tools', 'tsconfig.prerender.json') },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`prerender failed: ${stderr || err.message}`));
        resolve(JSON.parse(stdout) as Record<string, RenderedPage>);
      },
    );
  });
}

/** The landing template with a rendered page: styles in the head, markup in #root, the script deferred. */
export function pageDocument(template: string, page: RenderedPage, scriptUrl: string, noscript = PUBLIC_PAGES.login.noscript): string {
  const withHead = template.replace(
    '</head>',
    `    ${page.styles}\n    <script defer src="${scriptUrl}" ${PAGE_SCRIPT_ATTRIBUTE}></script>\n  </head>`,
  );
  return withHead
    .replace(/<noscript>[\s\S]*?<\/noscript>/, `<noscript>${noscript}</noscript>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
}

export interface PrerenderResult {
  /** The HTML files written, in the registry's order. */
  files: string[];
  /** The login page's script. */
  script: string;
  /** Each page's script, by the page's name. */
  scripts: Record<string, string>;
  ms: number;
}

/**
 * Writes the named pages and their scripts into `outputPath`, each page under `fileOf(page)`. The scripts
 * are built while the markup renders (two processes on two cores).
 */
export async function prerenderPages(
  outputPath: string,
  mode: Mode,
  names: readonly PublicPageName[],
  fileOf: (page: PublicPage) => string = (page) => page.file,
): Promise<PrerenderResult> {
  const started = Date.now();
  const config = runtimeConfigFromEnv(process.env);
  const [scripts, pages] = await Promise.all([buildPageScripts(outputPath, mode, names), renderPages(config, names)]);
  const landingTemplate = fs.readFileSync(LANDING_TEMPLATE, 'utf8');
  const files: string[] = [];
  for (const name of names) {
    const page: PublicPage = PUBLIC_PAGES[name];
    const html = pageDocument(page.head(landingTemplate), pages[name], `/${scripts[name]}`, page.noscript);
    const file = fileOf(page);
    const target = path.join(outputPath, file);
    fs.writeFileSync(target, html);
    if (mode === 'production') fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }));
    files.push(file);
  }
  return { files, script: scripts.login ?? '', scripts, ms: Date.now() - started };
}

/** The landing's build: every public page. */
export function prerenderLanding(outputPath: string, mode: Mode = 'production'): Promise<PrerenderResult> {
  return prerenderPages(outputPath, mode, PUBLIC_PAGE_NAMES);
}

/**
 * The shell's build: its own copy of the pages it must answer even when the landing origin has never been
 * reached (`shellCopy`, the login page), rendered from the same markup with the same script, served by the
 * shell itself (`fallback-login.html` and its `login.<hash>.js`).
 */
export function prerenderShellCopies(outputPath: string, mode: Mode = 'production'): Promise<PrerenderResult> {
  const names = PUBLIC_PAGE_NAMES.filter((name) => (PUBLIC_PAGES[name] as PublicPage).shellCopy);
  return prerenderPages(outputPath, mode, names, shellCopyFile);
}

/** The shell's page with the frame: the gate and the frame's styles at the end of the head, its markup in #root (the scripts unchanged). */
export function framedDocument(indexHtml: string, frame: RenderedPage): string {
  if (!indexHtml.includes('<div id="root"></div>')) throw new Error('the shell\'s index.html has no empty <div id="root"></div> for the frame');
  return indexHtml
    .replace('</head>', () => `<script>${FRAME_GATE_SCRIPT}</script><style>${FRAME_GATE_STYLE}</style>${frame.styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root"><div ${FRAME_ATTRIBUTE}>${frame.html}</div></div>`);
}

/**
 * The shell's build: for each dashboard page, its index.html with the dashboard's frame (sidebar, top bar, the
 * screen's heading) and the frame's critical CSS, rendered from the shell's own components
 * (shell/src/prerender/renderFrame.tsx), so the frame paints before any script; the shell's server answers
 * each page with its file (tools/src/static-server.ts).
 */
export async function prerenderShellFrames(outputPath: string, mode: Mode, buildVersion: string): Promise<{ files: string[]; ms: number }> {
  const started = Date.now();
  const frames = await runWorker([JSON.stringify(runtimeConfigFromEnv(process.env)), 'frames', buildVersion]);
  const indexHtml = fs.readFileSync(path.join(outputPath, 'index.html'), 'utf8');
  const files: string[] = [];
  for (const [pagePath, frame] of Object.entries(frames)) {
    const file = frameFile(pagePath);
    const target = path.join(outputPath, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const html = framedDocument(indexHtml, frame);
    fs.writeFileSync(target, html);
    if (mode === 'production') fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }));
    files.push(file);
  }
  return { files, ms: Date.now() - started };
}
