'use strict';
module.exports = require('../tools/jest/preset')('remote-campaigns', { realApi: true, journeys: true });
