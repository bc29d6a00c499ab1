import { createInstance } from '@module-federation/enhanced/runtime';
import shellRuntimePlugin from '../runtimePlugin';

describe('the shell runtime plugin', () => {
  it('evaluates a remote module in a task after the one that took its chunks in', async () => {
    const order: string[] = [];
    const federation = createInstance({
      name: 'host_test',
      remotes: [{ name: 'fake', entry: 'http://fake.example/remoteEntry.js' }],
      shared: {},
      plugins: [
        shellRuntimePlugin(),
        {
          name: 'fake-entry',
          // The remote's entry as the runtime gets it from its script: init, then get() of an exposed module.
          loadEntry: () => ({
            init: async () => undefined,
            get: () => {
              order.push('chunks in');
              setTimeout(() => order.push('queued meanwhile'), 0);
              return async () => {
                order.push('module evaluated');
                return { default: () => null };
              };
            },
          }),
        },
      ],
    });
    const mod = await federation.loadRemote<{ default: unknown }>('fake/Page');
    expect(typeof mod?.default).toBe('function');
    expect(order).toEqual(['chunks in', 'queued meanwhile', 'module evaluated']);
  });
});
