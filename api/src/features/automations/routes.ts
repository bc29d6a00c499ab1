/**
 * `/api/automations/business/{id}`: the owner's automations (decision 080) — the welcome's switch, the birthday as
 * the program has it, and the win-back's settings — each with its last 30 days' messages.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../errors';
import { MESSAGES, REWARD_MESSAGES } from '../../messages';
import { bearerAuth, errorResponses, idParamsSchema } from '../../schemas/common';
import { SERVICE_LABEL } from '../messaging/messages';
import { AUTOMATION_MESSAGES, WIN_BACK_TEXT_MAX } from './messages';
import type { AutomationSettings } from './repository';
import { automationsSchema, updateAutomationsBodySchema } from './schemas';

/** What is wrong with the settings as a whole (after a change is merged into them), or null. */
function settingsProblem(s: AutomationSettings): string | null {
  if ((s.win_back_bonus_points === null) !== (s.win_back_bonus_days === null)) return AUTOMATION_MESSAGES.bonusWhole;
  const max = WIN_BACK_TEXT_MAX[s.win_back_channel];
  if (s.win_back_message !== null && [...s.win_back_message].length > max) return AUTOMATION_MESSAGES.messageTooLong(max, SERVICE_LABEL[s.win_back_channel]);
  return null;
}

const automationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOnly = [app.authenticate, app.requireRole('admin', 'super_admin')];

  async function answer(businessId: string) {
    const business = await app.repos.businesses.findById(businessId);
    const program = await app.repos.rewards.program(businessId);
    if (!business || !program) throw notFound(MESSAGES.businessNotFound);
    const settings = await app.repos.automations.settings(businessId);
    const counts = await app.repos.automations.counts(businessId, app.clock());
    return {
      business_id: businessId,
      welcome: { enabled: settings.welcome_enabled, message: AUTOMATION_MESSAGES.welcomeBody, counts: counts.welcome },
      birthday: {
        enabled: program.birthday_points > 0,
        points: program.birthday_points,
        message: program.birthday_message ?? REWARD_MESSAGES.defaultBirthdayMessage,
        counts: counts.birthday,
      },
      win_back: {
        enabled: settings.win_back_enabled,
        days: settings.win_back_days,
        channel: settings.win_back_channel,
        message: settings.win_back_message,
        default_message: settings.win_back_bonus_points ? AUTOMATION_MESSAGES.defaultWinBackWithBonus : AUTOMATION_MESSAGES.defaultWinBack,
        bonus_points: settings.win_back_bonus_points,
        bonus_days: settings.win_back_bonus_days,
        counts: counts.win_back,
      },
    };
  }

  app.get(
    '/business/:id',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['automations'],
        summary: 'Automazioni di un’azienda',
        description: 'Benvenuto, compleanno e «ci manchi»: testo, acceso o spento, e i messaggi degli ultimi 30 giorni.',
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: automationsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.authorizeBusiness(request.user!, request.params.id);
      return answer(request.params.id);
    },
  );

  app.put(
    '/business/:id',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['automations'],
        summary: 'Modifica le automazioni',
        description:
          'Solo i campi dati. Il «ci manchi» parte una volta per periodo di assenza (una nuova visita ne apre un altro), solo con il consenso ' +
          'marketing della carta sul canale, fuori dalle ore di silenzio e mai come secondo messaggio promozionale del giorno per la stessa carta. ' +
          'Punti bonus e giorni di validità vanno insieme; il testo al massimo 160 caratteri per SMS e WhatsApp, 5000 per email.',
        security: bearerAuth,
        params: idParamsSchema,
        body: updateAutomationsBodySchema,
        response: { 200: automationsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await app.authorizeBusiness(request.user!, request.params.id);
      const current = await app.repos.automations.settings(request.params.id);
      const change = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined)) as Partial<AutomationSettings>;
      const next: AutomationSettings = { ...current, ...change };
      const problem = settingsProblem(next);
      if (problem) throw badRequest(problem);
      await app.repos.automations.save(request.params.id, next);
      return answer(request.params.id);
    },
  );
};

export default automationRoutes;
