import type { Feature } from '../feature';
import automationsPlugin from './plugin';
import { createAutomationsRepository } from './repository';
import automationRoutes from './routes';

/** Automations (decision 080): the welcome's switch, the birthday as shown, the win-back and its sweep. */
export default {
  repositories: (db) => ({ automations: createAutomationsRepository(db) }),
  plugin: automationsPlugin,
  routes: [['/automations', automationRoutes]],
} satisfies Feature;
