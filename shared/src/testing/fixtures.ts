import type { User } from '../domain/types';

/** A signed-in admin as the API's /auth/me answers it, for tests that answer the API themselves (startTestApiServer). */
export const ADMIN_USER: User = {
  id: 'u1',
  email: 'admin@negozio.it',
  full_name: 'Anna Admin',
  role: 'admin',
  phone: null,
  created_at: '2025-01-01T00:00:00.000Z',
  business_id: null,
};
