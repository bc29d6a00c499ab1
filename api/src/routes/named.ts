const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives a route module the name Fastify shows it by in its plugin tree (`app.printPlugins()`). A plugin without
 * one, Fastify looks for among every loaded module's exports (`require.cache`), once per registration: under
 * Jest, whose `require.cache` is a proxy over the suite's ~1 200 modules, that cost about 2 ms a plugin and
 * 0.1 s an app, in every suite (measured with a CPU profile: 446 ms of a 7 s suite).
 */
export function named<P extends (...args: never[]) => unknown>(prefix: string, plugin: P): P {
  const target = plugin as P & { [DISPLAY_NAME]?: string };
  target[DISPLAY_NAME] ??= `${prefix} ${plugin.name || 'routes'}`;
  return plugin;
}
