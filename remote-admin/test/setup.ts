import { configure } from '@testing-library/react';

// These tests drive the real API, which hashes passwords with argon2 and may share two cores with
// other suites: give a journey and each awaited answer room beyond the 5 s / 1 s defaults.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });
