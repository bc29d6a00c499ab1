import type { RemoteMeta } from '@loyalty/shared';

/** Shown in the shell's version footer once this remote is loaded. */
export const remoteMeta: RemoteMeta = { name: 'admin', version: __BUILD_VERSION__ };
