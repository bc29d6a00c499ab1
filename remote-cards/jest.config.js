'use strict';
module.exports = require('../tools/jest/preset')('remote-cards', { realApi: true, journeys: true });
