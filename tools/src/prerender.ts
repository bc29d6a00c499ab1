/**
 * The landing's public pages as HTML made at build time (docs/decisions/028-prerendered-public-pages.md).
 * After webpack has built remote-landing, this step
 *  1. builds the page's small script (remote-landing/src/enhance/, no React, no federation) into the same
 *     folder as `login.<hash>.js` (+ `.br`), a separate tiny webpack run;
 *  2. renders the page's React components to HTML with their critical CSS (styled-components' server
 *     style sheet), in a tsx child process (tools/src/prerender-worker.ts);
 *  3. writes `login.html` from the landing's HTML template (SEO head and JSON-LD of SPEC §1), the markup in
 *     #root, the styles inline and the script deferred, by a root-relative URL the shell's server makes
 *     absolute to the landing origin (tools/src/landing-page.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import { REPO_ROOT } from './apps';
import { runtimeConfigFromEnv } from './runtime-config';

const LANDING_DIR = path.join(REPO_ROOT, 'remote-landing');
const TEMPLATE = path.join(REPO_ROOT, 'tools', 'templates', 'landing.html');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

/** The prerendered pages a landing build writes, by the page path the static servers answer them for. */
export const PRERENDERED_PAGES = { '/login': 'login.html' } as const;

/** The tag a prerendered page's script is loaded by; the shell's server rewrites its `src` to the landing origin. */
export const PAGE_SCRIPT_ATTRIBUTE = 'data-page-script';

function enhanceScriptConfig(outputPath: string, mode: 'production' | 'development'): webpack.Configuration {
  return {
    name: 'landing-page-script',
    context: LANDING_DIR,
    mode,
    target: ['web', 'es2022'],
    entry: { login: './src/enhance/index.ts' },
    devtool: 'source-map',
    output: { path: outputPath, filename: '[name].[contenthash:10].js', clean: false, publicPath: '' },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' } } },
        },
        // The script takes constants and messages from @loyalty/shared's entry: only what it uses is kept
        // (its modules have no side effects on import), so no React, router or store comes with them.
        { test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false },
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

async function buildPageScript(outputPath: string, mode: 'production' | 'development'): Promise<string> {
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    const compiler = webpack(enhanceScriptConfig(outputPath, mode));
    compiler.run((err, result) => {
      compiler.close(() => undefined);
      if (err) return reject(err);
      if (!result || result.hasErrors()) return reject(new Error(result?.toString({ all: false, errors: true, colors: false }) ?? 'no stats'));
      resolve(result);
    });
  });
  const files = stats.toJson({ all: false, assets: true, chunks: false }).assetsByChunkName?.login ?? [];
  const script = files.find((f) => f.endsWith('.js'));
  if (!script) throw new Error('the login page script was not emitted');
  return script;
}

function renderPages(config: object): Promise<Record<string, { html: string; styles: string }>> {
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
        resolve(JSON.parse(stdout) as Record<string, { html: string; styles: string }>);
      },
    );
  });
}

/** The landing template with a rendered page: styles in the head, markup in #root, the script deferred. */
export function pageDocument(template: string, page: { html: string; styles: string }, scriptUrl: string): string {
  const withHead = template.replace(
    '</head>',
    `    ${page.styles}\n    <script defer src="${scriptUrl}" ${PAGE_SCRIPT_ATTRIBUTE}></script>\n  </head>`,
  );
  return withHead
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '<noscript>Per accedere attiva JavaScript nel browser.</noscript>')
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
}

export interface PrerenderResult {
  files: string[];
  script: string;
  ms: number;
}

export async function prerenderLanding(outputPath: string, mode: 'production' | 'development' = 'production'): Promise<PrerenderResult> {
  const started = Date.now();
  const [script, pages] = await Promise.all([buildPageScript(outputPath, mode), renderPages(runtimeConfigFromEnv(process.env))]);
  const template = fs.readFileSync(TEMPLATE, 'utf8');
  const files: string[] = [];
  for (const [name, file] of [['login', PRERENDERED_PAGES['/login']]] as const) {
    const html = pageDocument(template, pages[name], `/${script}`);
    const target = path.join(outputPath, file);
    fs.writeFileSync(target, html);
    if (mode === 'production') fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }));
    files.push(file);
  }
  return { files, script, ms: Date.now() - started };
}
