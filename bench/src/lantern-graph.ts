/**
 * Where a page's simulated LCP goes: Lighthouse's own Lantern simulation of one saved run, every request and main-
 * thread task of its LCP graph with its simulated start and end, in the order they end (decision 108 read the cards
 * screen's tail of API answers and its last script this way).
 *
 *   BENCH_LH_GATHER=/tmp/lh-artifacts BENCH_PAGES=loyalty-cards npm run bench -- --only behind-login
 *   npm run bench:lantern -w bench -- /tmp/lh-artifacts/<run>
 *
 * `BENCH_LH_GATHER` keeps each Lighthouse run's artifacts (trace, DevTools log) in a folder of its own; this reads
 * one back with Lighthouse's modules (internal paths of Lighthouse 13: a major upgrade may move them).
 */
import path from 'node:path';

interface LanternNode {
  type: 'network' | 'cpu';
  request?: { url: string; resourceType?: string; transferSize: number };
  duration?: number;
  startTime: number;
  endTime: number;
}
type Timings = Map<LanternNode, { startTime: number; endTime: number }>;
interface Estimate {
  timeInMs: number;
  nodeTimings: Timings;
}

async function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error('Uso: npm run bench:lantern -w bench -- <cartella di una esecuzione salvata con BENCH_LH_GATHER>');
  const load = (module: string) => import(`lighthouse/${module}`) as Promise<Record<string, unknown>>;
  const { loadArtifacts } = (await load('core/lib/asset-saver.js')) as { loadArtifacts: (dir: string) => Record<string, unknown> & { settings?: object } };
  const { LanternLargestContentfulPaint } = (await load('core/computed/metrics/lantern-largest-contentful-paint.js')) as {
    LanternLargestContentfulPaint: { request(data: unknown, context: unknown): Promise<{ timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate }> };
  };
  const { defaultSettings } = (await load('core/config/constants.js')) as { defaultSettings: object };
  const { Audit } = (await load('core/audits/audit.js')) as { Audit: { makeMetricComputationDataInput(artifacts: unknown, context: unknown): unknown } };

  const artifacts = loadArtifacts(path.resolve(dir));
  const settings = { ...defaultSettings, ...artifacts.settings };
  const context = { computedCache: new Map(), settings };
  const result = await LanternLargestContentfulPaint.request(Audit.makeMetricComputationDataInput(artifacts, context), context);
  console.log(`LCP simulato ${Math.round(result.timing)} ms (ottimistico ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistico ${Math.round(result.pessimisticEstimate.timeInMs)})`);
  console.log('inizio   fine  nodo (grafo pessimistico, in ordine di fine)');
  const rows = [...result.pessimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
  for (const [node, timing] of rows) {
    const what = node.type === 'network' && node.request
      ? `${node.request.resourceType ?? 'Other'} ${node.request.url} ${(node.request.transferSize / 1024).toFixed(1)} KB`
      : `CPU ${((node.duration ?? node.endTime - node.startTime) / 1000).toFixed(1)} ms osservati`;
    console.log(`${String(Math.round(timing.startTime)).padStart(6)} ${String(Math.round(timing.endTime)).padStart(6)}  ${what}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
