/** The Redis the tests use (REDIS_TEST_URL, else 127.0.0.1:6379), and whether it answers. */
import { spawnSync } from 'node:child_process';

export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Synchronous, so a suite can choose `describe` or `describe.skip` when it is defined. */
export function redisReachable(url: string = REDIS_TEST_URL): boolean {
  const { hostname, port } = new URL(url);
  const probe = spawnSync(
    process.execPath,
    ['-e', `require('net').connect(${Number(port || 6379)}, ${JSON.stringify(hostname)}).on('connect', () => process.exit(0)).on('error', () => process.exit(1))`],
    { timeout: 3000 },
  );
  return probe.status === 0;
}
