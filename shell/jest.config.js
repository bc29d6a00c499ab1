'use strict';
module.exports = require('../tools/jest/preset')('shell', { realApi: true });
