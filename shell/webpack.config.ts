import { createAppConfig } from '@loyalty/tools';
import { EARLY_CONFIG_URL } from './src/federation/earlyConfig';

export default createAppConfig({
  name: 'shell',
  title: 'Appo – Dashboard carte fedeltà',
  // /login is the public landing page: its SEO must be in the HTML the server sends.
  htmlTemplate: 'landing',
  runtimePlugins: ['./src/federation/runtimePlugin.ts'],
  // The entry asks for the run-time config at once (src/index.ts): the HTML starts it with main.js.
  startupFetches: [EARLY_CONFIG_URL],
});
