'use strict';
module.exports = {
  ...require('../tools/jest/preset'),
  displayName: 'shared',
  rootDir: __dirname,
};
