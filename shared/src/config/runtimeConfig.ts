import { DEFAULT_BRAND_NAME } from '../constants';
import { REMOTE_NAMES, type RemoteName } from '../federation/contract';

/** `/runtime-config.json`, read before the app mounts (docs/architecture.md). */
export interface RuntimeConfig {
  apiBaseUrl: string;
  dashboardBaseUrl: string;
  landingBaseUrl: string;
  brandName: string;
  support: { email: string; phone: string };
  /** mf-manifest.json URL of each remote. */
  remotes: Record<RemoteName, string>;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

function defaultRuntimeConfig(): RuntimeConfig {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return {
    apiBaseUrl: '/api',
    dashboardBaseUrl: origin,
    landingBaseUrl: origin,
    brandName: DEFAULT_BRAND_NAME,
    support: { email: '', phone: '' },
    remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, ''])) as Record<RemoteName, string>,
  };
}

// Module state is safe here: @loyalty/shared is a federation singleton, so the shell and every
// remote read the same configuration.
let currentConfig: RuntimeConfig | null = null;

export function getRuntimeConfig(): RuntimeConfig {
  return currentConfig ?? defaultRuntimeConfig();
}

/** Replaces the configuration; fields left out take their defaults (handy in standalone apps and tests). */
export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  const defaults = defaultRuntimeConfig();
  currentConfig = {
    ...defaults,
    ...config,
    support: { ...defaults.support, ...config.support },
    remotes: { ...defaults.remotes, ...config.remotes },
  };
  return currentConfig;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks an untrusted value against `RuntimeConfig`, naming every bad field in Italian. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) {
    throw new Error('Configurazione di runtime non valida: atteso un oggetto JSON.');
  }
  const problems: string[] = [];
  const readString = (source: Record<string, unknown>, key: string, path: string): string => {
    const field = source[key];
    if (typeof field !== 'string' || field.trim() === '') {
      problems.push(path);
      return '';
    }
    return field;
  };
  const readObject = (key: string): Record<string, unknown> => {
    const field = value[key];
    if (isRecord(field)) return field;
    problems.push(key);
    return {};
  };

  const support = readObject('support');
  const remotes = readObject('remotes');
  const config: RuntimeConfig = {
    apiBaseUrl: readString(value, 'apiBaseUrl', 'apiBaseUrl'),
    dashboardBaseUrl: readString(value, 'dashboardBaseUrl', 'dashboardBaseUrl'),
    landingBaseUrl: readString(value, 'landingBaseUrl', 'landingBaseUrl'),
    brandName: readString(value, 'brandName', 'brandName'),
    support: {
      email: readString(support, 'email', 'support.email'),
      phone: readString(support, 'phone', 'support.phone'),
    },
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, readString(remotes, name, `remotes.${name}`)]),
    ) as Record<RemoteName, string>,
  };
  if (problems.length > 0) {
    throw new Error(
      `Configurazione di runtime non valida: campi mancanti o non validi: ${problems.join(', ')}.`,
    );
  }
  return config;
}

/**
 * Fetches and validates the run-time configuration; the app should not mount if it throws. `pending` is a
 * request for it already under way (the shell starts one before its async boundary, so it travels
 * alongside the shared chunks).
 */
export async function loadRuntimeConfig(url = RUNTIME_CONFIG_URL, pending?: Promise<Response>): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await (pending ?? fetch(url, { cache: 'no-store' }));
  } catch (cause) {
    throw new Error(`Impossibile scaricare la configurazione di runtime da ${url}.`, { cause });
  }
  if (!response.ok) {
    throw new Error(
      `Impossibile scaricare la configurazione di runtime da ${url} (HTTP ${response.status}).`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new Error(`La configurazione di runtime in ${url} non è un JSON valido.`, { cause });
  }
  return setRuntimeConfig(parseRuntimeConfig(body));
}
