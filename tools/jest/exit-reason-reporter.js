'use strict';
/**
 * Says why Jest exits non-zero when no test failed. A CI run (and a local one) once ended with every suite
 * passed and exit code 1, and nothing in the log said why; later runs could not reproduce it. If it comes
 * back, this line names the cause: Jest's own verdict and each of its inputs (failed tests, suites that
 * could not run, snapshot state, interruption), or an exit code set by something else.
 */
const fs = require('node:fs');

class ExitReasonReporter {
  onRunComplete(_contexts, results) {
    // Jest decides `results.success` after the reporters have run, and sets the exit code when the process
    // exits: look then.
    process.once('exit', (code) => {
      const exitCode = process.exitCode || code;
      const failuresPrinted = results.numFailedTests > 0 || results.numFailedTestSuites > 0;
      if (failuresPrinted || (results.success && !exitCode)) return;
      const { snapshot } = results;
      const details = [
        `success=${results.success}`,
        exitCode ? `exit code already set to ${exitCode} by something other than Jest` : null,
        `suites that could not run=${results.numRuntimeErrorTestSuites}`,
        `snapshot failure=${snapshot.failure} (unchecked ${snapshot.unchecked}, unmatched ${snapshot.unmatched}, obsolete files ${snapshot.filesRemoved}${snapshot.filesRemovedList?.length ? `: ${snapshot.filesRemovedList.join(', ')}` : ''})`,
        `interrupted=${results.wasInterrupted}`,
        results.runExecError ? `run error=${results.runExecError.message}` : null,
      ].filter(Boolean);
      fs.writeSync(2, `\nJest: no test failed, yet the run is not a success: ${details.join('; ')}\n`);
    });
  }
}

module.exports = ExitReasonReporter;
