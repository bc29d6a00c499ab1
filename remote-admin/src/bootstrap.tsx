import { mountStandalone } from '@loyalty/shared';
import { UsersScreen } from './features/users/components/UsersScreen';
import { SettingsScreen } from './features/settings/components/SettingsScreen';
import { DocumentationScreen } from './features/documentation/components/DocumentationScreen';

void mountStandalone([
  { path: '/dashboard/users', element: <UsersScreen />, requiresAuth: true },
  { path: '/dashboard/settings', element: <SettingsScreen />, requiresAuth: true },
  { path: '/dashboard/documentation', element: <DocumentationScreen />, requiresAuth: true },
]);
