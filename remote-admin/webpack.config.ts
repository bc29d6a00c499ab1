import { createAppConfig } from '@loyalty/tools';

export default createAppConfig({
  name: 'admin',
  title: 'Appo – Amministrazione',
  exposes: {
    './Users': './src/exposed/Users.tsx',
    './Settings': './src/exposed/Settings.tsx',
    './Documentation': './src/exposed/Documentation.tsx',
    './AcceptInvitation': './src/exposed/AcceptInvitation.tsx',
  },
});
