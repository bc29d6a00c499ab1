import { mountStandalone } from '@loyalty/shared';
import { DashboardRedirect } from './components/DashboardRedirect';
import { LegalPage } from './features/legal/LegalPage';
import { LoginPage } from './pages/LoginPage';
import { SignupPage } from './pages/SignupPage';

void mountStandalone([
  { path: '/login', element: <LoginPage /> },
  { path: '/loyalty-cards/create', element: <SignupPage /> },
  { path: '/privacy', element: <LegalPage /> },
  { path: '/cookie-policy', element: <LegalPage /> },
  { path: '/dashboard/*', element: <DashboardRedirect /> },
]);
