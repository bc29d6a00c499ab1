/**
 * Section 14 (`--only floor`): where the floor is for the pages behind the login. Lighthouse mobile, in the same run
 * and on the same host as section 13, on a page that shows only what the counter shows first (a top bar, the heading,
 * the customer, the amount field, the button: floor/Page.ts) with none of the product's code, built three ways with
 * the product's toolchain (webpack 5, swc, brotli at build time, the product's static server):
 *   - «HTML»: the page's markup written into the HTML, no script — the network's share alone;
 *   - «React»: one bundle, React 19 renders the page;
 *   - «React + federazione»: a host and a remote on two origins, react and react-dom shared singletons, the page
 *     exposed by the remote and loaded through its manifest at run time, each build with its own federation runtime
 *     (the shell–remote contract of DESIGN.md and decision 029), the remote's origin, manifest, entry and exposed
 *     page's chunks hinted in the host's HTML (its best case);
 *   - «React + federazione, una origine»: the same, the remote's files under /remote/ of the host's origin (what a
 *     proxy or a CDN path in front of the remotes would give: no second connection).
 * No store, router, styles library, session or API call: whatever these pages cost, the product's pages cost at
 * least as much. Figures are printed, never asserted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { createStaticServer, writeRuntimeConfig, type RuntimeConfigFile } from '@loyalty/tools';
import { brotliAtBuild, buildOptimization, swcRule } from '../../tools/src/federation';
import { federationPluginFor } from '../../tools/src/federation-plugin';
import { StartupPreloadPlugin } from '../../tools/src/startup-preload';
import Page from './floor/Page';
import { BUILD_ROOT } from './builds';
import { lighthouseRun, loadAverage, RUNS, spread, type Category, type Run } from './lighthouse';
import { kb, median, ms, section, type SectionReport } from './report';

export const FLOOR_TITLE = '14. Il pavimento: la pagina della cassa senza il nostro codice (Lighthouse mobile)';

const SCORED = ['performance'] as const satisfies readonly Category[];
/** The floor's four static servers: html, react, host, remote (BENCH_PORT_BASE + 30…33). */
const PORT_OFFSET = 30;
const FLOOR_SOURCE = path.join(__dirname, 'floor');
const REACT_RANGE = `^${(JSON.parse(fs.readFileSync(require.resolve('react/package.json'), 'utf8')) as { version: string }).version}`;

/** The same little style sheet in every variant's HTML (no styles library: the floor). */
const STYLE = `<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937}.bar{background:#1e3a8a;color:#fff;padding:12px 16px;font-weight:600}main{padding:16px}h1{font-size:1.5rem;margin:0 0 8px}label{display:block;margin:12px 0}input{display:block;font:inherit;padding:8px;margin-top:4px;width:100%;box-sizing:border-box}button{font:inherit;padding:10px 16px;background:#1e3a8a;color:#fff;border:0;border-radius:6px}</style>`;
const page = (body: string, head = '') =>
  `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Aggiungi punti</title><meta name="description" content="Il pavimento della pagina della cassa">${STYLE}${head}</head><body>${body}</body></html>`;
/**
 * The host's best case: the remote's origin, manifest and entry asked for by the HTML, so the chain HTML → main.js →
 * manifest → remoteEntry.js → the page's chunk starts its second half at once (the product measured these hints and
 * did not keep them: decision 102; here they can only make the floor lower).
 */
const remoteHints = (manifest: string) =>
  `<link rel="preconnect" href="${new URL(manifest).origin}" crossorigin><link rel="preload" as="fetch" crossorigin="anonymous" href="${manifest}"><link rel="preload" as="script" href="${new URL('remoteEntry.js', manifest).href}">`;

type Variant = 'html' | 'react' | 'host' | 'remote' | 'same';

function floorConfig(kind: Exclude<Variant, 'html' | 'same'>, outputPath: string, remoteManifest: string): webpack.Configuration {
  const shared = Object.fromEntries(['react', 'react/', 'react-dom', 'react-dom/'].map((key) => [key, { singleton: true, requiredVersion: REACT_RANGE }]));
  const FederationPlugin = federationPluginFor();
  const entry = { react: './plain.tsx', host: './host.ts', remote: './Page.ts' }[kind];
  return {
    name: `floor-${kind}`,
    context: FLOOR_SOURCE,
    mode: 'production',
    entry: { main: entry },
    devtool: false,
    output: { path: outputPath, publicPath: kind === 'remote' ? 'auto' : '/', filename: '[name].js', chunkFilename: '[name].[contenthash:10].js', uniqueName: `floor_${kind}`, clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: { rules: [swcRule(true)] },
    plugins: [
      new webpack.DefinePlugin({ __FLOOR_REMOTE_MANIFEST__: JSON.stringify(remoteManifest) }),
      ...(kind === 'react'
        ? []
        : [
            new FederationPlugin({
              name: `floor_${kind}`,
              filename: 'remoteEntry.js',
              ...(kind === 'remote' ? { exposes: { './Page': './Page.ts' } } : {}),
              remotes: {},
              shared,
              shareStrategy: 'loaded-first',
              manifest: true,
              dts: false,
              experiments: { optimization: kind === 'host' ? { target: 'web' } : { target: 'web', disableRemote: true } },
            }),
          ]),
      ...(kind === 'remote'
        ? []
        : [
            new HtmlWebpackPlugin({
              templateContent: page('<div id="root"></div>', kind === 'host' ? remoteHints(remoteManifest) : ''),
              publicPath: '/',
              chunks: ['main'],
              scriptLoading: 'defer',
              hash: true,
              inject: 'head',
            }),
            new StartupPreloadPlugin(),
          ]),
      brotliAtBuild(),
    ],
    optimization: buildOptimization(true),
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}

/**
 * The rest of the best case, once the remote is built: the chunks of its exposed page, which the host learns only
 * from the manifest, preloaded from the host's HTML too (its build-time brotli copy removed: it no longer matches).
 */
function hintExposedChunks(hostDir: string, remoteDir: string, remoteBase: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(remoteDir, 'mf-manifest.json'), 'utf8')) as { exposes: { assets: { js: { sync: string[] } } }[] };
  const links = manifest.exposes.flatMap((e) => e.assets.js.sync).map((file) => `<link rel="preload" as="script" href="${new URL(file, remoteBase).href}">`);
  const html = path.join(hostDir, 'index.html');
  fs.writeFileSync(html, fs.readFileSync(html, 'utf8').replace('</head>', `${links.join('')}</head>`));
  fs.rmSync(`${html}.br`, { force: true });
}

function compile(configs: webpack.Configuration[]): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
}

export async function floorPages(log: (line: string) => void, portBase: number): Promise<SectionReport> {
  const report = section(FLOOR_TITLE);
  const root = path.join(BUILD_ROOT, 'floor');
  const variantsServed: Variant[] = ['html', 'react', 'host', 'remote', 'same'];
  const ports = Object.fromEntries(variantsServed.map((v, i) => [v, portBase + PORT_OFFSET + i])) as Record<Variant, number>;
  const origin = (v: Variant) => `http://localhost:${ports[v]}`;
  const dir = (v: Variant) => path.join(root, v);

  log(`  build del pavimento in ${root}…`);
  await compile((['react', 'host', 'remote'] as const).map((kind) => floorConfig(kind, dir(kind), `${origin('remote')}/mf-manifest.json`)));
  // The same host and remote on one origin: the remote's files under /remote/ of the host's (as a proxy or a CDN
  // path would serve them). One after the other: the host's build empties its folder first.
  const sameManifest = `${origin('same')}/remote/mf-manifest.json`;
  await compile([floorConfig('host', dir('same'), sameManifest)]);
  await compile([floorConfig('remote', path.join(dir('same'), 'remote'), sameManifest)]);
  hintExposedChunks(dir('host'), dir('remote'), `${origin('remote')}/`);
  hintExposedChunks(dir('same'), path.join(dir('same'), 'remote'), `${origin('same')}/remote/`);
  fs.mkdirSync(dir('html'), { recursive: true });
  fs.writeFileSync(path.join(dir('html'), 'index.html'), page(`<div id="root">${renderToStaticMarkup(createElement(Page))}</div>`));

  // The product's static server, each variant on its own origin; the config names the remote's origin, so the
  // host's CSP and the remote's CORS let the page load it, as in the product.
  const configFile = path.join(root, 'runtime-config.json');
  const remotes = Object.fromEntries(['landing', 'cards', 'campaigns', 'messaging', 'admin'].map((name) => [name, origin('remote')])) as RuntimeConfigFile['remotes'];
  writeRuntimeConfig(configFile, {
    apiBaseUrl: '/api',
    dashboardBaseUrl: origin('host'),
    landingBaseUrl: origin('remote'),
    brandName: 'Appo',
    support: { email: 'supporto@example.it', phone: '+39 02 0000000' },
    remotes,
  });
  const servers = await Promise.all(
    (Object.keys(ports) as Variant[]).map(async (v) => {
      const server = await createStaticServer({ root: dir(v), runtimeConfigFile: configFile });
      await server.listen({ port: ports[v], host: '127.0.0.1' });
      return server;
    }),
  );
  try {
    report.method.push(
      `la pagina: floor/Page.ts (barra in alto, titolo «Aggiungi punti», cliente, campo «Importo speso (€)», «Conferma vendita»), senza store, router, styled-components, sessione né chiamate all’API`,
      'HTML = il markup della pagina nell’HTML, nessuno script; React = un bundle, React 19 la disegna (createRoot); React + federazione = host e remote su due origini, react e react-dom singleton condivisi, la pagina esposta dal remote e caricata dal suo mf-manifest.json a run time (registerRemotes + loadRemote), ogni build con il proprio runtime; l’HTML dell’host chiede subito origine, manifest, remoteEntry.js e i chunk della pagina esposta del remote (il caso migliore); «una origine» = gli stessi file del remote sotto /remote/ dell’origine dell’host',
      `stessa toolchain del prodotto (webpack 5, swc, brotli in build, precaricamenti di tools/src/startup-preload.ts) e stesso server statico (tools/src/static-server.ts); Lighthouse 13 mobile, ${RUNS} esecuzioni per pagina alternate, mediane`,
    );
    const variants: { name: string; url: string }[] = [
      { name: 'HTML (nessuno script)', url: `${origin('html')}/` },
      { name: 'React', url: `${origin('react')}/` },
      { name: 'React + federazione', url: `${origin('host')}/` },
      { name: 'React + federazione, una origine', url: `${origin('same')}/` },
    ];
    const runs = new Map<string, Run[]>(variants.map((v) => [v.name, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const v of variants) {
        const run = await lighthouseRun(v.url, { categories: SCORED });
        runs.get(v.name)!.push(run);
        log(`  ${v.name} #${i + 1}: performance ${run.scores.performance}, FCP→LCP ${ms(run.lcpMs)}, TTI ${ms(run.ttiMs)}, TBT ${ms(run.tbtMs)}, JS ${kb(run.scriptBytes)}, benchmarkIndex ${run.benchmarkIndex}, carico ${loadAverage()}`);
      }
    }
    report.tables.push({
      head: ['pavimento', 'performance', 'LCP', 'TTI', 'TBT', 'JS (compresso)', 'benchmarkIndex'],
      rows: variants.map((v) => {
        const of = (f: (r: Run) => number) => runs.get(v.name)!.map(f);
        return [v.name, spread(of((r) => r.scores.performance)), ms(median(of((r) => r.lcpMs))), ms(median(of((r) => r.ttiMs))), ms(median(of((r) => r.tbtMs))), kb(median(of((r) => r.scriptBytes))), spread(of((r) => r.benchmarkIndex))];
      }),
    });
    report.notes.push(`carico alla fine: ${loadAverage()}; confronta con la pagina QR della sezione 13 della stessa esecuzione (--only behind-login,floor)`);
    return report;
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}
