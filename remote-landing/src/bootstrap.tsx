import { mountStandalone } from '@loyalty/shared';
import { DashboardRedirect } from './shared/components/DashboardRedirect';
import { LegalPage } from './features/legal/components/LegalPage';
import { LoginPage } from './exposed/pages/LoginPage';
import { SignupPage } from './exposed/pages/SignupPage';

void mountStandalone([
  { path: '/login', element: <LoginPage /> },
  { path: '/loyalty-cards/create', element: <SignupPage /> },
  { path: '/privacy', element: <LegalPage /> },
  { path: '/cookie-policy', element: <LegalPage /> },
  { path: '/dashboard/*', element: <DashboardRedirect /> },
]);
