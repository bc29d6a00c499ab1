/**
 * Prints one line per remote after the run: which delivery and fault drills passed ([remote] test titles).
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class RemoteSummaryReporter implements Reporter {
  private readonly results = new Map<string, { drill: string; ok: boolean }[]>();

  onTestEnd(test: TestCase, result: TestResult) {
    const match = /^\[(\w+)\] (.+)$/.exec(test.title);
    if (!match) return;
    const [, remote, drill] = match;
    const list = this.results.get(remote) ?? [];
    list.push({ drill, ok: result.status === 'passed' });
    this.results.set(remote, list);
  }

  onEnd() {
    if (this.results.size === 0) return;
    console.log('\nRiepilogo per remote (rilascio indipendente e resilienza):');
    for (const [remote, drills] of this.results) {
      const passed = drills.filter((d) => d.ok).length;
      const detail = drills.map((d) => `${d.ok ? '✓' : '✗'} ${d.drill.replace(/^fault: /, '')}`).join(' · ');
      console.log(`  ${remote.padEnd(10)} ${passed}/${drills.length} passed — ${detail}`);
    }
  }
}
