'use strict';
// Journeys against the real API hash passwords with argon2 and may share two cores with other suites: a test
// and each awaited answer get room beyond Jest's 5 s and Testing Library's 1 s.
const { configure } = require('@testing-library/react');

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });
