/** An API that starts and never answers (composition-start-failure.test.ts): it stays alive until stopped. */
setInterval(() => undefined, 1000);
