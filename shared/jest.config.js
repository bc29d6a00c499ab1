'use strict';
module.exports = require('../tools/jest/preset')('shared');
