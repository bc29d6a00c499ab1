'use strict';
module.exports = require('../tools/jest/preset')('remote-admin', { realApi: true, journeys: true });
