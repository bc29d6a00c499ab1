'use strict';
// Static assets imported by components resolve to their file name, as a bundler's asset URL would.
module.exports = 'test-file-stub';
