/** Direct API calls the cards journey uses to set up data and to look at what was sent. */
import { E2E_API_PORT } from './env';
import { DEMO_ADMIN, DEMO_SUPERADMIN } from './fixtures';

const API = `http://127.0.0.1:${E2E_API_PORT}/api`;

/** Numbers as the screens write them (shared formatter, decision 020): thousands always grouped, decimal comma. */
export const italianNumber = (n: number) => n.toLocaleString('it-IT', { useGrouping: 'always', maximumFractionDigits: 2 });

/** The count line above a cards list, as the screen words it. */
export const cardCount = (n: number) => (n === 1 ? '1 carta' : `${italianNumber(n)} carte`);

export async function apiCall<T>(method: string, path: string, token: string | null, body?: unknown, api = API): Promise<T> {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** `api`: another API's `/api` (a drill's own, src/own-api.ts); the shared composition's by default. */
export async function apiToken(account: { email: string; password: string } = DEMO_ADMIN, api = API): Promise<string> {
  return (await apiCall<{ token: string }>('POST', '/auth/login', null, account, api)).token;
}

export interface ApiCard {
  id: string;
  user_id: string;
  customer_name: string;
  card_number: string;
  customer_phone: string | null;
  points: number;
}

export async function businessCards(businessId: string, api = API): Promise<ApiCard[]> {
  return apiCall('GET', `/loyalty-cards/business/${businessId}`, await apiToken(DEMO_ADMIN, api), undefined, api);
}

/** WhatsApp messages the outbox driver logged for a card (what would have been sent). */
export async function whatsappMessagesOf(cardId: string, api = API): Promise<{ body: string }[]> {
  const token = await apiToken(DEMO_SUPERADMIN, api);
  const { messages } = await apiCall<{ messages: { card_id: string; channel: string; body: string }[] }>('GET', '/outbox?channel=whatsapp&limit=500', token, undefined, api);
  return messages.filter((m) => m.card_id === cardId);
}
