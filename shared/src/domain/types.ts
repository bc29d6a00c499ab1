/** API shapes used by more than one part (docs/architecture.md, "API shapes used across parts"). */

export type Role = 'client' | 'admin' | 'super_admin';

/** 0/1 flags, as the API stores them. */
export type EnabledFlag = 0 | 1;

export interface User {
  id: string;
  email: string;
  full_name: string;
  role: Role;
  phone: string | null;
  created_at: string;
  business_id?: string | null;
  /** Present in the users list. */
  card_id?: string | null;
}

export interface Business {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  whatsapp_enabled: EnabledFlag;
  sms_enabled: EnabledFlag;
  email_enabled: EnabledFlag;
  /**
   * Points per bonus: the server sends a WhatsApp for every multiple a card reaches (issue 17). Absent
   * from an API older than that; screens fall back to DEFAULT_BONUS_THRESHOLD.
   */
  bonus_threshold?: number;
}

export interface NewBusiness {
  name: string;
  address?: string;
  phone?: string;
  email?: string;
  website?: string;
}

/** Which cards a list shows: all, active (points > 0) or inactive. */
export type CardStatusFilter = 'all' | 'active' | 'inactive';

/** `GET /loyalty-cards/business/{id}` with paging: one page of the cards matching the filters. */
export interface CardPageArgs {
  businessId: string;
  offset: number;
  limit: number;
  /** Name, card number or phone, searched by the server. */
  q?: string;
  status?: CardStatusFilter;
  /** Only cards with at least these points. */
  minPoints?: number;
}

export interface CardPage {
  items: LoyaltyCard[];
  /** Cards matching the filters. */
  total: number;
  nextOffset: number | null;
}

export interface LoyaltyCard {
  id: string;
  card_number: string;
  customer_name: string;
  customer_phone: string | null;
  email: string | null;
  birth_date: string | null;
  points: number;
  created_at: string;
  user_id: string;
  business_id: string;
  /** A bonus the card reached that no WhatsApp announced (WhatsApp off, STOP, no phone): the 'Bonus!' badge. */
  bonus_due?: boolean;
  /** When the server queued the card's last bonus WhatsApp (ISO), null when never. */
  last_bonus_at?: string | null;
  /** Channels the holder agreed to receive offers on (decision 025), in the order whatsapp, sms, email; [] for none. */
  marketing_channels?: ('whatsapp' | 'sms' | 'email')[];
  /** Whether `marketing_channels` holds any. */
  marketing_consent?: boolean;
  /** SPEC §3 aliases the API also sends; prefer the snake_case fields above. */
  customername?: string;
  customerphone?: string | null;
  customeremail?: string | null;
  birthdate?: string | null;
  createdat?: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  user: User;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** The change ends every session signed before it; `token` is this session's new one. */
export interface ChangePasswordResponse {
  message: string;
  token: string;
}

/** The API's error body: `{ "error": "<messaggio in italiano>" }`. */
export interface ApiErrorBody {
  error: string;
}
