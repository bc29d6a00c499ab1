import { mountStandalone } from '@loyalty/shared';
import { DashboardRedirect } from './shared/components/DashboardRedirect';
import { LegalPage } from './features/legal/components/LegalPage';
import LoginPage from './exposed/LoginPage';
import MyCardPage from './exposed/MyCardPage';
import { PasswordRecoveryPage } from './features/password/components/PasswordRecoveryPage';
import SignupPage from './exposed/SignupPage';

// The landing alone (its own origin without a server that answers the public pages, e.g. `npm run dev`):
// the public pages as their markup and scripts, the legal pages, and /dashboard handed to the shell.
void mountStandalone([
  { path: '/login', element: <LoginPage /> },
  { path: '/loyalty-cards/create', element: <SignupPage /> },
  { path: '/my-card', element: <MyCardPage /> },
  { path: '/password-dimenticata', element: <PasswordRecoveryPage /> },
  { path: '/reset-password', element: <PasswordRecoveryPage /> },
  { path: '/privacy', element: <LegalPage /> },
  { path: '/cookie-policy', element: <LegalPage /> },
  { path: '/dashboard/*', element: <DashboardRedirect /> },
]);
