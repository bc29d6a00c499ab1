module.exports = require('./real-api').teardown;
