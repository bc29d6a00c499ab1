import { createAppConfig } from '@loyalty/tools';

export default createAppConfig({
  name: 'messaging',
  title: 'Appo – Messaggi',
  exposes: {
    './EasySms': './src/exposed/EasySms.tsx',
    './TwilioSettings': './src/exposed/TwilioSettings.tsx',
    './Outbox': './src/exposed/Outbox.tsx',
  },
});
