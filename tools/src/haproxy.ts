/**
 * Debian's HAProxy running the shipped deploy/haproxy/haproxy.cfg as it is, only its environment ours (decision
 * 081): the one way the drill (tools/test/haproxy-drill.test.ts), the configuration's test
 * (tools/test/haproxy-config.test.ts), the journey behind nginx and HAProxy (e2e/tests/behind-nginx-haproxy.spec.ts)
 * and the bench's instances section (bench/src/api/instances.ts) start and stop it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './apps';

export const HAPROXY_CFG = path.join(REPO_ROOT, 'deploy', 'haproxy', 'haproxy.cfg');

/** `haproxy -v`'s first line ("HAProxy version 2.6.12-1+deb12u2 …"), or null when HAProxy is not installed. */
export function haproxyVersion(): string | null {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.split('\n')[0].trim() : null;
}

export interface HaproxyOptions {
  /** The API instances, `host:port` each: API_1, API_2… of the shipped file. */
  servers: string[];
  /** The secret the instances share with their proxies (PROXY_SECRET). */
  secret: string;
  /** Where HAProxy listens (HAPROXY_BIND, `host:port`) and where its stats page does (HAPROXY_STATS_BIND). */
  bind: string;
  statsBind: string;
  /** The runtime API's socket (HAPROXY_RUNTIME_SOCKET). */
  socket: string;
  /** HAPROXY_TRUSTED_FRONTS, when not the shipped default (127.0.0.1: the nginx on the same host). */
  trustedFronts?: string;
  /** A command that runs HAProxy in turn (`ip netns exec <namespace>`). */
  via?: string[];
  /**
   * HAProxy's output (its request log on stdout, one line per request, and the servers' state changes). Without
   * it the request log goes to /dev/null, unread: a load generator in this process does not pay for reading it.
   */
  onOutput?: (chunk: Buffer) => void;
  /** How long HAProxy has to count every server up (default 20 s). */
  upWithinMs?: number;
}

export interface Haproxy {
  child: ChildProcess;
  /** The stats page as CSV (`http://<statsBind>/stats;csv`). */
  statsUrl: string;
  /** The servers of backend `api` HAProxy counts UP now (their names: api-1…). */
  serversUp(): Promise<string[]>;
  /** SIGTERM, SIGKILL after 3 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts HAProxy with the shipped file; resolves once its stats count every server up (or throws with its errors). */
export async function startHaproxy(options: HaproxyOptions): Promise<Haproxy> {
  const command = [...(options.via ?? []), 'haproxy', '-db', '-f', HAPROXY_CFG];
  const child = spawn(command[0], command.slice(1), {
    env: {
      PATH: process.env.PATH,
      ...Object.fromEntries(options.servers.map((server, i) => [`API_${i + 1}`, server])),
      PROXY_SECRET: options.secret,
      HAPROXY_BIND: options.bind,
      HAPROXY_STATS_BIND: options.statsBind,
      HAPROXY_RUNTIME_SOCKET: options.socket,
      ...(options.trustedFronts ? { HAPROXY_TRUSTED_FRONTS: options.trustedFronts } : {}),
    },
    stdio: ['ignore', options.onOutput ? 'pipe' : 'ignore', 'pipe'],
  });
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => options.onOutput?.(chunk));
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
    options.onOutput?.(chunk);
  });
  const statsUrl = `http://${options.statsBind}/stats;csv`;
  const serversUp = async () => {
    const csv = await fetch(statsUrl)
      .then((res) => res.text())
      .catch(() => '');
    return csv
      .split('\n')
      .filter((line) => /^api,api-\d+,/.test(line) && line.split(',')[17] === 'UP')
      .map((line) => line.split(',')[1]);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  const upWithinMs = options.upWithinMs ?? 20_000;
  const deadline = Date.now() + upWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}: ${errors.trim()}`);
    const up = (await serversUp()).length;
    if (up === options.servers.length) return { child, statsUrl, serversUp, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy: ${up} of ${options.servers.length} instances up after ${upWithinMs / 1000} s ${errors.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
