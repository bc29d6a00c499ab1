import type { ReactNode } from 'react';
import { Navigate, Spinner, useAuth } from '@loyalty/shared';

/**
 * SPEC §2: /login and the card signup send a logged-in user to /dashboard. The shell's guard already
 * does this; the remote repeats it so its standalone deployment behaves the same.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, checked } = useAuth();
  if (!checked) return <Spinner label="Verifica della sessione…" size="large" />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
