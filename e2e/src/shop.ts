/**
 * A shop of a journey's own: a new admin (made by the demo super admin) owning one new business, with the
 * channels switched on as the demo shops have them. Journeys that run beside others (two workers, decision 062)
 * work on such a shop instead of the demo ones, whose cards other journeys add to at the same time.
 */
import { apiCall, apiToken } from './cards-api';
import { DEMO_SUPERADMIN } from './fixtures';

export interface Shop {
  account: { email: string; password: string };
  businessId: string;
  businessName: string;
}

export async function createShop(label: string, channels: { whatsapp?: boolean; sms?: boolean; email?: boolean } = { whatsapp: true, sms: true, email: true }): Promise<Shop> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const account = { email: `negozio.${stamp}@example.it`, password: 'NegozioE2e2026!' };
  const superToken = await apiToken(DEMO_SUPERADMIN);
  await apiCall('POST', '/users', superToken, { email: account.email, full_name: `Admin ${label}`, role: 'admin', password: account.password });
  const businessName = `${label} ${stamp.slice(-6)}`;
  const business = await apiCall<{ id: string }>('POST', '/business', await apiToken(account), { name: businessName });
  await apiCall('PUT', `/settings/${business.id}`, superToken, {
    whatsapp_enabled: channels.whatsapp ? 1 : 0,
    sms_enabled: channels.sms ? 1 : 0,
    email_enabled: channels.email ? 1 : 0,
  });
  return { account, businessId: business.id, businessName };
}

export interface NewCustomer {
  name: string;
  email: string;
  phone: string;
  /** The marketing consents ticked on the signup page; none by default. */
  marketingChannels?: ('whatsapp' | 'sms' | 'email')[];
}

/** The card the public signup call answers with (what the journeys read of it). */
export interface SignedUpCard {
  id: string;
  user_id: string;
  card_number: string;
}

/**
 * A customer signing up at a shop through the public call the signup page sends (`role: 'client'`, the privacy
 * notice acknowledged, the consents ticked); `api` for a journey on an API of its own.
 */
export function signUpCustomer(businessId: string, customer: NewCustomer, api?: string): Promise<SignedUpCard> {
  return apiCall<SignedUpCard>('POST', '/users/loyalty-cards/create', null, {
    email: customer.email,
    full_name: customer.name,
    phone: customer.phone,
    business_id: businessId,
    role: 'client',
    privacy_ack: true,
    ...(customer.marketingChannels ? { marketing_channels: customer.marketingChannels } : {}),
  }, api);
}
