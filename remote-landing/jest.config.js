'use strict';
module.exports = require('../tools/jest/preset')('remote-landing', { realApi: true });
