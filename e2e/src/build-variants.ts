/**
 * Builds variants of remotes into their own folders, as a team would before publishing them (lean production
 * builds, reused while their sources are unchanged: src/variants.ts), in one webpack run. All of them must use
 * the same release of the federation plugin: two releases' plugins cannot share a process (each registers its
 * serializers with webpack), so src/variants.ts starts one process per release.
 *   tsx e2e/src/build-variants.ts '[{"app":"cards","out":"/tmp/x","version":"1.0.1-e2e"}]'
 */
import { appByName, buildVariants } from '@loyalty/tools';
import type { VariantSpec } from './variants';

const specs = JSON.parse(process.argv[2] ?? '[]') as VariantSpec[];
if (new Set(specs.map((s) => s.federationPlugin ?? 'current')).size > 1) {
  console.error('one release of the federation plugin per process');
  process.exit(2);
}
buildVariants(
  specs.map((s) => ({
    app: appByName(s.app),
    env: { mode: 'production', lean: true, outputPath: s.out, buildVersion: s.version, faultyRender: s.faultyRender, sharedOverrides: s.sharedOverrides, federationPlugin: s.federationPlugin, slimEntry: s.slimEntry },
  })),
  { reuse: true },
).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
