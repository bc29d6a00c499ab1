import { createAppConfig } from '@loyalty/tools';

export default createAppConfig({
  name: 'shell',
  title: 'Appo – Dashboard carte fedeltà',
  // /login is the public landing page: its SEO must be in the HTML the server sends.
  htmlTemplate: 'landing',
  runtimePlugins: ['./src/features/federation/model/runtimePlugin.ts'],
});
