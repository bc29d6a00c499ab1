/** A value built the first time it is asked for, then kept (Intl formatters are costly to build). */
export function lazily<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}
