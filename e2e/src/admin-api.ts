/** Direct API calls for the admin journeys: what another screen (e.g. campaigns) would do. */
import fs from 'node:fs';
import { E2E_API_PORT, E2E_RUNTIME_CONFIG } from './env';

const API = `http://127.0.0.1:${E2E_API_PORT}/api`;

export async function apiCall<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${API}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function apiToken(account: { email: string; password: string }): Promise<string> {
  const { status, body } = await apiCall<{ token: string }>('/auth/login', { method: 'POST', body: account });
  if (status !== 200) throw new Error(`login of ${account.email} failed: HTTP ${status}`);
  return body.token;
}

/** Creates a one-recipient campaign on `businessId` and tries to send `message` on `service`. */
export async function sendCampaign(token: string, businessId: string, service: 'whatsapp' | 'sms' | 'email', message: string) {
  const campaign = await apiCall<{ id: string }>('/campaigns', {
    method: 'POST',
    token,
    body: { businessId, name: `Promo ${Date.now()}`, channels: [service], recipients: [{ customer_phone: '+393331112233', email: 'cliente@example.it' }] },
  });
  if (campaign.status !== 201) throw new Error(`campaign creation failed: HTTP ${campaign.status}`);
  return apiCall<{ message?: string; error?: string }>(`/campaigns/${campaign.body.id}/send`, { method: 'POST', token, body: { service, message } });
}

/** The addresses the composition's run-time configuration gives the frontends. */
export function runtimeAddresses(): { dashboardBaseUrl: string; landingBaseUrl: string; support: { email: string; phone: string } } {
  return JSON.parse(fs.readFileSync(E2E_RUNTIME_CONFIG, 'utf8'));
}
