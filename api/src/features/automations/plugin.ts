/**
 * The automations plugin: decorates `app.automations` (the win-back sweep) and schedules it with the jobs plugin
 * (plugins/jobs.ts) as 'automations-sweep' (a row of `scheduled_tasks`, migration 039): one instance at a time.
 * What the sweep enqueues the messaging worker sends: the sweep wakes it.
 */
import fp from 'fastify-plugin';
import { MESSAGING_QUEUE } from '../messaging/worker';
import { createAutomationsSweep, type AutomationsSweepResult } from './sweep';

export const AUTOMATIONS_TASK = 'automations-sweep';

export interface Automations {
  /** The win-backs due at `now` (tests pass their own clock). */
  sweep(now: Date): Promise<AutomationsSweepResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    automations: Automations;
  }
}

export default fp(
  async (app) => {
    const sweeper = createAutomationsSweep(app.db.background, app.log.child({ component: AUTOMATIONS_TASK }));
    const automations: Automations = {
      async sweep(now) {
        const result = await sweeper.sweep(now);
        if (result.winBack > 0) app.jobs.wake(MESSAGING_QUEUE);
        return result;
      },
    };
    app.jobs.schedule(AUTOMATIONS_TASK, () => automations.sweep(app.clock()));
    app.decorate('automations', automations);
  },
  { name: 'automations', dependencies: ['db', 'jobs', 'messaging'] },
);
