/** Section 2: wall time of the production builds (done once by builds.ts, which the browser sections reuse). */
import { SINGLE_REMOTE, type PreparedBuilds } from './builds';
import { notMeasured, seconds, section, target, type SectionReport } from './report';

const TITLE = '2. Build di produzione';

export async function buildTimes(builds: PreparedBuilds): Promise<SectionReport> {
  if (builds.fullBuildMs === null) return notMeasured(TITLE, 'build non cronometrato');
  const report = section(TITLE);
  report.method.push(
    "tempo reale (performance.now) di buildVariants: un solo compilatore webpack multi-config con parallelism 2, come `tsx tools/src/build.ts --all`, ma con l'uscita in /tmp/bench-builds",
    'build a freddo (nessuna cache webpack su disco), mode production con source map, nello stesso processo Node del bench',
  );
  report.tables.push({
    head: ['build', 'tempo'],
    rows: [
      ['sei frontend (shell + 5 remote)', seconds(builds.fullBuildMs)],
      [`un remote da solo (${SINGLE_REMOTE})`, builds.singleBuildMs === null ? 'non misurato' : seconds(builds.singleBuildMs)],
    ],
  });
  report.targets.push(target('build completo ≤ 90 s su 2 core', builds.fullBuildMs <= 90_000, seconds(builds.fullBuildMs)));
  return report;
}
