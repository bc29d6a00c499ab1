/**
 * One shape for every app (docs/decisions/035-apps-shaped-alike.md): the repository's own ESLint
 * config forbids a feature importing another feature (import-x/no-restricted-paths, paths resolved), a
 * feature importing the composition layer, and an app's src/shared/ importing either. The sources are
 * linted as if they were files of the real tree, in one ESLint process (its flat config is an ES module,
 * which Jest's CommonJS runtime cannot load itself).
 *
 * The API by feature (docs/decisions/065-api-feature-folders.md): its infrastructure (db/, lib/, plugins/,
 * routes/, the config…) imports no feature and no composition file (app.ts, seed/); a feature imports the
 * infrastructure, and the composition root puts the features together.
 */
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../src/apps';

interface Sample {
  file: string;
  code: string;
}

interface LintMessage {
  ruleId: string | null;
  message: string;
}

const RULE = 'import-x/no-restricted-paths';

const LINT_SAMPLES = `
import { ESLint } from 'eslint';
const samples = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const { file, code } of samples) {
  const [result] = await eslint.lintText(code, { filePath: file });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
`;

function lint(samples: Sample[]): LintMessage[][] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', LINT_SAMPLES, JSON.stringify(samples)], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`eslint: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintMessage[][];
}

const boundaryErrors = (messages: LintMessage[]) => messages.filter((m) => m.ruleId === RULE);

const samples: Record<string, Sample> = {
  crossFeature: {
    file: 'remote-cards/src/features/cards/components/Probe.tsx',
    code: "import { BonusThresholdForm } from '../../bonus/components/BonusThresholdForm';\nexport const probe = BonusThresholdForm;\n",
  },
  crossFeatureApi: {
    file: 'remote-admin/src/features/settings/model/probe.ts',
    code: "import { usersApi } from '../../users/api';\nexport const probe = usersApi;\n",
  },
  ownFilesAndShared: {
    file: 'remote-cards/src/features/cards/components/Probe.tsx',
    code: [
      "import { api } from '@loyalty/shared';",
      "import { useGetCardStatsQuery } from '../api';",
      "import { parsePointsInput } from '../model/pointsInput';",
      "import { remoteMeta } from '../../../shared/remoteMeta';",
      'export const probe = [api, useGetCardStatsQuery, parsePointsInput, remoteMeta];',
      '',
    ].join('\n'),
  },
  compositionLayer: {
    file: 'remote-cards/src/exposed/Probe.tsx',
    code: [
      "import { BonusThresholdForm } from '../features/bonus/components/BonusThresholdForm';",
      "import { LoyaltyCardsScreen } from '../features/cards/components/LoyaltyCardsScreen';",
      'export const probe = [BonusThresholdForm, LoyaltyCardsScreen];',
      '',
    ].join('\n'),
  },
  featureImportsComposition: {
    file: 'remote-campaigns/src/features/campaigns/model/probe.ts',
    code: "import { remoteMeta } from '../../../exposed/Campaigns';\nexport const probe = remoteMeta;\n",
  },
  sharedImportsFeature: {
    file: 'remote-admin/src/shared/probe.ts',
    code: "import { isValidPassword } from '../features/settings/model/passwordChange';\nexport const probe = isValidPassword;\n",
  },
  shellFeatures: {
    file: 'shell/src/features/layout/components/Probe.tsx',
    code: "import { RemoteRoute } from '../../federation/components/RemoteRoute';\nexport const probe = RemoteRoute;\n",
  },
  apiPluginImportsRegistry: {
    file: 'api/src/plugins/probe.ts',
    code: "import { createRepositories } from '../features';\nexport const probe = createRepositories;\n",
  },
  apiLibImportsFeatureType: {
    file: 'api/src/lib/probe.ts',
    code: "import type { UsersRepository } from '../features/users/repository';\nexport type Probe = UsersRepository;\n",
  },
  apiTopLevelImportsFeature: {
    file: 'api/src/probe.ts',
    code: "import { CHANNELS } from './features/messaging/types';\nexport const probe = CHANNELS;\n",
  },
  apiDbImportsSeed: {
    file: 'api/src/db/probe.ts',
    code: "import { DEMO_ACCOUNTS } from '../seed/demo';\nexport const probe = DEMO_ACCOUNTS;\n",
  },
  apiFeatureImportsInfrastructure: {
    file: 'api/src/features/rewards/probe.ts',
    code: [
      "import type { Queryable } from '../../db';",
      "import { claimDueSql } from '../../lib/leased-queue';",
      "import { MESSAGES } from '../../messages';",
      "import { POINTS_BALANCE_MAX } from '../cards/repository';",
      'export const probe = [claimDueSql, MESSAGES, POINTS_BALANCE_MAX];',
      'export type Probe = Queryable;',
      '',
    ].join('\n'),
  },
  apiCompositionRoot: {
    file: 'api/src/app.ts',
    code: "import { createRepositories, FEATURES } from './features';\nexport const probe = [createRepositories, FEATURES];\n",
  },
};

const names = Object.keys(samples);
let results: Record<string, LintMessage[]>;

beforeAll(() => {
  const linted = lint(names.map((name) => samples[name]));
  results = Object.fromEntries(names.map((name, index) => [name, linted[index]]));
}, 60_000);

it('fails a feature importing another feature’s component, naming where shared code goes', () => {
  const [error] = boundaryErrors(results.crossFeature);
  expect(error?.message).toMatch(/A feature imports only its own files, remote-cards\/src\/shared\/ and @loyalty\/shared/);
});

it('fails a feature importing another feature’s api.ts, in every app and the shell alike', () => {
  expect(boundaryErrors(results.crossFeatureApi)).toHaveLength(1);
  expect(boundaryErrors(results.shellFeatures)).toHaveLength(1);
});

it('lets a feature import its own files, the app’s src/shared/ and @loyalty/shared', () => {
  expect(results.ownFilesAndShared).toEqual([]);
});

it('lets the composition layer (exposed/*) put two features together', () => {
  expect(results.compositionLayer).toEqual([]);
});

it('fails a feature importing the composition layer, and src/shared/ importing a feature', () => {
  expect(boundaryErrors(results.featureImportsComposition)).toHaveLength(1);
  expect(boundaryErrors(results.sharedImportsFeature)).toHaveLength(1);
});

it('fails API infrastructure importing a feature or the seed, as a value or a type, naming the way round', () => {
  const [error] = boundaryErrors(results.apiPluginImportsRegistry);
  expect(error?.message).toMatch(/API infrastructure imports no feature and no composition file/);
  expect(boundaryErrors(results.apiLibImportsFeatureType)).toHaveLength(1);
  expect(boundaryErrors(results.apiTopLevelImportsFeature)).toHaveLength(1);
  expect(boundaryErrors(results.apiDbImportsSeed)).toHaveLength(1);
});

it('lets an API feature import the infrastructure, and the composition root (app.ts) the features', () => {
  expect(boundaryErrors(results.apiFeatureImportsInfrastructure)).toEqual([]);
  expect(boundaryErrors(results.apiCompositionRoot)).toEqual([]);
});
