'use strict';
module.exports = require('../tools/jest/preset')('remote-messaging', { realApi: true, journeys: true });
