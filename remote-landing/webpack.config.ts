import { createAppConfig } from '@loyalty/tools';

export default createAppConfig({
  name: 'landing',
  title: 'Appo – Carte fedeltà digitali per il tuo negozio',
  htmlTemplate: './public/index.html',
  exposes: {
    './LoginPage': './src/exposed/LoginPage.tsx',
    './SignupPage': './src/exposed/SignupPage.tsx',
    './LegalPage': './src/exposed/LegalPage.tsx',
  },
});
