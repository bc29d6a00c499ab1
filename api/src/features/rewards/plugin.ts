/**
 * The rewards plugin: decorates `app.rewards` (the sweep of expiries, expiry reminders, birthday gifts and
 * consent lapses) and adds it to the scheduler of recurring tasks as 'rewards-sweep' (a row of
 * `scheduled_tasks`, migration 013). The scheduler and the job worker that sends what the sweep enqueues are the
 * messaging plugin's, which starts and stops them.
 */
import fp from 'fastify-plugin';
import { createRewardsSweep, type SweepResult } from './sweep';

export interface Rewards {
  /** Expiry rows, expiry reminders and birthday gifts due at `now` (tests pass their own clock). */
  sweep(now: Date): Promise<SweepResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rewards: Rewards;
  }
}

export default fp(
  async (app) => {
    // The background connections (`Db.background`), as the scheduler that runs it: a flood of requests cannot hold it up.
    const sweeper = createRewardsSweep(app.db.background, app.log.child({ component: 'rewards-sweep' }));
    const rewards: Rewards = {
      async sweep(now) {
        const result = await sweeper.sweep(now);
        if (result.reminders > 0 || result.birthdays > 0) app.messaging.worker.wake();
        return result;
      },
    };
    app.messaging.scheduler.add('rewards-sweep', () => rewards.sweep(app.clock()));
    app.decorate('rewards', rewards);
  },
  { name: 'rewards', dependencies: ['db', 'messaging'] },
);
