/**
 * Builds variants of remotes into their own folders, as a team would before publishing them:
 *   tsx e2e/src/build-variants.ts '[{"app":"cards","out":"/tmp/x","version":"1.0.1-e2e"}]'
 */
import { appByName, buildVariants, type BuildEnv } from '@loyalty/tools';

interface VariantSpec {
  app: string;
  out: string;
  version?: string;
  faultyRender?: boolean;
  sharedOverrides?: BuildEnv['sharedOverrides'];
  federationPlugin?: BuildEnv['federationPlugin'];
}

const specs = JSON.parse(process.argv[2] ?? '[]') as VariantSpec[];
buildVariants(
  specs.map((s) => ({
    app: appByName(s.app),
    env: { mode: 'production', outputPath: s.out, buildVersion: s.version, faultyRender: s.faultyRender, sharedOverrides: s.sharedOverrides, federationPlugin: s.federationPlugin },
  })),
).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
