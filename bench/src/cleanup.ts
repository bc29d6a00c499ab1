/** Child processes the run started, stopped on Ctrl-C / SIGTERM too (not only when a section ends). */
const pending = new Set<() => Promise<void>>();

/** Registers a stop function; returns it wrapped so that calling it also unregisters it. */
export function stopOnExit(stop: () => Promise<void>): () => Promise<void> {
  const wrapped = async () => {
    pending.delete(wrapped);
    await stop();
  };
  pending.add(wrapped);
  return wrapped;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: arresto dei processi avviati dal bench…`);
    void Promise.allSettled([...pending].map((stop) => stop())).then(() => process.exit(130));
  });
}
