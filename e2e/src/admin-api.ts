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

export interface Customer {
  phone: string;
  email: string;
}

/**
 * A customer of `businessId` agreeing to offers on `channels`, signed up through the public signup API as
 * customers do, with a phone and an e-mail of this run: a campaign reaches only such card holders (decision 025).
 */
export async function signUpConsentingCustomer(businessId: string, channels: ('whatsapp' | 'sms' | 'email')[]): Promise<Customer> {
  const stamp = `${Date.now()}`.slice(-7);
  const customer = { phone: `+39333${stamp}`, email: `consenso.${stamp}@example.it` };
  const { status } = await apiCall('/users/loyalty-cards/create', {
    method: 'POST',
    body: { business_id: businessId, email: customer.email, full_name: `Cliente Consenso ${stamp}`, phone: customer.phone, privacy_ack: true, marketing_channels: channels },
  });
  if (status !== 200) throw new Error(`signup of ${customer.email} failed: HTTP ${status}`);
  return customer;
}

/** Creates a campaign on `businessId` to that one customer and tries to send `message` on `service`. */
export async function sendCampaign(token: string, businessId: string, service: 'whatsapp' | 'sms' | 'email', message: string, customer: Customer) {
  const campaign = await apiCall<{ id: string }>('/campaigns', {
    method: 'POST',
    token,
    body: { businessId, name: `Promo ${Date.now()}`, channels: [service], recipients: [{ customer_phone: customer.phone, email: customer.email }] },
  });
  if (campaign.status !== 201) throw new Error(`campaign creation failed: HTTP ${campaign.status}`);
  return apiCall<{ message?: string; error?: string }>(`/campaigns/${campaign.body.id}/send`, { method: 'POST', token, body: { service, message } });
}

/** The addresses the composition's run-time configuration gives the frontends. */
export function runtimeAddresses(): { dashboardBaseUrl: string; landingBaseUrl: string; support: { email: string; phone: string } } {
  return JSON.parse(fs.readFileSync(E2E_RUNTIME_CONFIG, 'utf8'));
}
