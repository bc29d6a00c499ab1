/**
 * The API as the frontends' tests and the Chromium journeys run it: the product's entry (src/server.ts) with two
 * changes: idle connections left for the clients to close (below), and the tests' cheap argon2id parameters.
 * Production's (64 MiB, 3 passes, 4 lanes: ~0.4 s of CPU per hash
 * on a two-core CI machine) cannot be lowered from the environment, and the screens' tests and journeys sign up,
 * log in and create colleagues hundreds of times on one API process; the argon2 code path is the same.
 * Started by tools/jest/real-api.js and e2e's composition (e2e/src/global-setup.ts) and its drills' own APIs (e2e/src/own-api.ts).
 */
import { serve } from '../src/serve';
import { TEST_PASSWORD_HASHING } from './helpers/app';

void serve(
  (config) => ({ ...config, passwordHashing: TEST_PASSWORD_HASHING }),
  (app) => {
    // Idle kept-alive connections are the clients' to close (undici after 4 s): closed here after Fastify's 72 s, with
    // `Keep-Alive: timeout=72` sent, undici let one go only a second before, by a timer a loaded test worker ran
    // late, and reused it as it closed — a CI run lost a suite's log-in to «fetch failed: other side closed». 0 keeps
    // them open (Node sends no timeout then); the product's own timeout is unchanged.
    app.server.keepAliveTimeout = 0;
  },
);
