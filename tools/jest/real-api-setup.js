module.exports = require('./real-api').setup;
