/**
 * The floor's federated host: the remote registered at run time and its page loaded through its manifest, as the
 * shell loads a section (react and react-dom shared singletons).
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

declare const __FLOOR_REMOTE_MANIFEST__: string;

registerRemotes([{ name: 'floor_remote', entry: __FLOOR_REMOTE_MANIFEST__ }]);
const root = createRoot(document.getElementById('root')!);
void loadRemote<{ default: ComponentType }>('floor_remote/Page').then((module) => {
  if (!module) throw new Error('floor_remote/Page non caricato');
  root.render(<module.default />);
});
