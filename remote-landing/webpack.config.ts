import { createAppConfig } from '@loyalty/tools';

export default createAppConfig({
  name: 'landing',
  title: 'Appo – Carte fedeltà digitali per il tuo negozio',
  // Crawlers reach the landing at its own origin too: the same SEO head as the shell's /login.
  htmlTemplate: 'landing',
  exposes: {
    './LoginPage': './src/exposed/LoginPage.tsx',
    './SignupPage': './src/exposed/SignupPage.tsx',
    './LegalPage': './src/exposed/LegalPage.tsx',
    // Decision 049: the customer's page, for a document opened at /my-card where it is not composed.
    './MyCardPage': './src/exposed/MyCardPage.tsx',
    // Decision 071: «Password dimenticata?» and the reset link's page.
    './PasswordRecoveryPage': './src/exposed/PasswordRecoveryPage.tsx',
  },
});
