import { configure } from '@testing-library/react';

// The screen tests talk to the real API and wait on debounced inputs; a busy machine needs headroom.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });
