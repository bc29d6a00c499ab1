import type { RemoteMeta } from '@loyalty/shared';

/** Shown in the shell's version footer once this remote is loaded. */
export const remoteMeta: RemoteMeta = { name: 'campaigns', version: __BUILD_VERSION__ };
