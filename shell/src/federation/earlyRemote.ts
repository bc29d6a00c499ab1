/**
 * The first page's remote, started by the entry before the async boundary
 * (docs/decisions/018-startup-preload.md).
 *
 * Without it, the remote that renders the page being opened (the landing's login form, the cards
 * overview…) is asked for only once the shared chunks have arrived and the bootstrap runs: its manifest,
 * then its remoteEntry.js, then its page chunks, one after the other, each a round trip to another origin.
 * Here the entry asks for the manifest as soon as the run-time config is in, and as soon as the manifest
 * is in, tells the browser to preload the remote's entry and the page's chunks — all while the shared
 * chunks are still downloading. The federation runtime then takes the manifest response from here
 * (runtimePlugin.ts) and finds the scripts in the browser's preload cache: nothing is fetched twice.
 *
 * This module runs before the singletons are negotiated: no `@loyalty/shared` values, types only.
 */
import type { RemoteName } from '@loyalty/shared';
import { firstPageModuleFor } from '../routes/routeModules';
import { hasStoredToken } from '../routes/storedSession';
import { otherRuntimeNeeded } from './fallback';
import { fetchWithRetry } from './fetchWithRetry';
import { applyOverrides } from './overrides';

/** The part of an mf-manifest.json read here. */
interface Manifest {
  metaData?: {
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string };
  };
  exposes?: { name?: string; path?: string; assets?: { js?: { sync?: string[] } } }[];
}

const manifests = new Map<string, Promise<Response>>();
/** Manifests the runtime has asked for: the entry must not start a second request for them. */
const asked = new Set<string>();

/** The manifest request the entry started for `url`, handed over once (a retry fetches afresh). */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  asked.add(url);
  const request = manifests.get(url);
  manifests.delete(url);
  return request;
}

export interface EarlyRemoteOptions {
  /** A copy of the run-time config response (the bootstrap reads the original). */
  config: Promise<Response>;
  location: { pathname: string; search: string; origin: string };
  /** Read inside: a browser that blocks storage throws on access, and then nothing is started here. */
  storage: () => Storage;
  document: Document;
  fetcher?: typeof fetch;
}

/** Module Federation's own rules (sdk: inferAutoPublicPath, simpleJoinRemoteEntry), so the URLs match its requests. */
function publicPathOf(manifest: Manifest, manifestUrl: string): string {
  const declared = manifest.metaData?.publicPath;
  if (declared && declared !== 'auto') return declared;
  return manifestUrl.replace(/#.*$/, '').replace(/\?.*$/, '').replace(/\/[^/]+$/, '/');
}

function joinEntry(dir: string | undefined, name: string): string {
  const trimmed = (dir ?? '').replace(/^\.$/, '').replace(/^\.\//, '').replace(/^\//, '').replace(/\/$/, '');
  return trimmed ? `${trimmed}/${name}` : name;
}

/** The scripts the page's module needs from the remote: its container entry and the module's own chunks. */
export function scriptsToPreload(manifest: Manifest, manifestUrl: string, exposed: string): string[] {
  const base = publicPathOf(manifest, manifestUrl);
  const entry = manifest.metaData?.remoteEntry?.name;
  const module = manifest.exposes?.find((e) => e.path === exposed || `./${e.name}` === exposed);
  return [...(entry ? [joinEntry(manifest.metaData?.remoteEntry?.path, entry)] : []), ...(module?.assets?.js?.sync ?? [])].map((file) => `${base}${file}`);
}

function addHint(document: Document, rel: 'preload' | 'preconnect', href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  // The attribute: not every DOM reflects `as` as a property. No `crossorigin`: scripts load without CORS.
  if (rel === 'preload') link.setAttribute('as', 'script');
  link.href = href;
  document.head.appendChild(link);
}

/**
 * Starts the first page's remote. Resolves once the hints are in place or there is nothing to do; never
 * rejects: a failure here is met again, and reported, by the normal load.
 */
export async function startFirstPageRemote(options: EarlyRemoteOptions): Promise<void> {
  options.config.catch(() => {}); // a failed config request is reported by the bootstrap
  try {
    const target = firstPageModuleFor(options.location.pathname, hasStoredToken(options.storage));
    if (!target) return;
    const response = await options.config;
    if (!response.ok) return;
    const config = (await response.json()) as { remotes?: Record<RemoteName, string> } | null;
    if (!config?.remotes || typeof config.remotes !== 'object') return;
    const url = applyOverrides(config.remotes, options.location.search, options.storage())[target.remote];
    // The bootstrap may have got there first (its chunks were already in): then the runtime loads it.
    if (typeof url !== 'string' || !url || manifests.has(url) || asked.has(url)) return;

    // The manifest request opens a CORS connection; the remote's scripts need the other kind (browsers keep
    // credentialed and anonymous connections apart): open it now, not after the manifest.
    const origin = new URL(url, options.location.origin).origin;
    if (origin !== options.location.origin) addHint(options.document, 'preconnect', origin);
    const request = fetchWithRetry(url, undefined, options.fetcher);
    manifests.set(url, request);
    request.catch(() => {}); // reported by the runtime when it takes the request
    const manifestResponse = await request;
    if (!manifestResponse.ok) return;
    // A copy: the federation runtime reads the response itself.
    const manifest = (await manifestResponse.clone().json()) as Manifest;
    if (otherRuntimeNeeded(manifest.metaData)) return; // the shell refuses this remote: fetch nothing of it
    for (const href of scriptsToPreload(manifest, url, target.module)) addHint(options.document, 'preload', href);
  } catch {
    // Bad config or manifest: the bootstrap and the runtime report it in Italian.
  }
}
