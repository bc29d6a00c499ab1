/**
 * The rewards plugin: decorates `app.rewards` (the sweep of expiries, expiry reminders, birthday gifts and
 * consent lapses) and schedules it with the jobs plugin (plugins/jobs.ts) as 'rewards-sweep' (a row of
 * `scheduled_tasks`, migration 013). What the sweep enqueues the messaging worker sends: the sweep wakes it.
 */
import fp from 'fastify-plugin';
import { MESSAGING_QUEUE } from '../messaging/worker';
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
        if (result.reminders > 0 || result.birthdays > 0) app.jobs.wake(MESSAGING_QUEUE);
        return result;
      },
    };
    app.jobs.schedule('rewards-sweep', () => rewards.sweep(app.clock()));
    app.decorate('rewards', rewards);
  },
  { name: 'rewards', dependencies: ['db', 'jobs'] },
);
