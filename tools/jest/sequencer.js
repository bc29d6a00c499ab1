'use strict';
/**
 * Jest's own order (failed suites first, then the longest by its cache or, on a cold cache, the largest files), with
 * one change: an API suite comes first. Jest runs the projects' global setups in the order of their first suite, so
 * the API project's (the run's migrated databases, api/test/global-setup.ts) then runs before the frontends'
 * (tools/jest/real-api.js), whose API starts from that migrated database instead of migrating one of its own.
 */
const path = require('node:path');
// Jest's own sequencer, as jest-config (a dependency of jest) has it: not a dependency of the repository itself.
const Sequencer = require(require.resolve('@jest/test-sequencer', { paths: [path.dirname(require.resolve('jest-config'))] })).default;

const API_PROJECT = path.resolve(__dirname, '../../api') + path.sep;

class ApiSetupFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const api = sorted.findIndex((test) => test.path.startsWith(API_PROJECT));
    if (api > 0) sorted.unshift(...sorted.splice(api, 1));
    return sorted;
  }
}

module.exports = ApiSetupFirst;
