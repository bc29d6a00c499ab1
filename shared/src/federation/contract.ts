import type { ComponentType } from 'react';

/** Federation names of the remotes, in sidebar order. The host is `SHELL_NAME`. */
export const REMOTE_NAMES = ['landing', 'cards', 'campaigns', 'messaging', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const SHELL_NAME = 'shell';
export type FederationName = typeof SHELL_NAME | RemoteName;

/**
 * The modules each remote exposes (docs/architecture.md). The remotes' webpack configs and the
 * shell's loader both check against this one list, so a renamed screen fails type-checking on
 * both sides instead of at run time.
 */
export const REMOTE_EXPOSES = {
  landing: ['./LoginPage', './SignupPage', './LegalPage', './MyCardPage', './PasswordRecoveryPage'],
  cards: ['./Overview', './LoyaltyCards', './AddPoints', './Rewards'],
  campaigns: ['./Campaigns', './CampaignSuccess', './Automations'],
  messaging: ['./EasySms', './TwilioSettings', './Outbox'],
  admin: ['./Users', './Settings', './Documentation', './AcceptInvitation'],
} as const satisfies Record<RemoteName, readonly `./${string}`[]>;

export type ExposedModule<R extends RemoteName = RemoteName> = (typeof REMOTE_EXPOSES)[R][number];

/** The id the federation runtime loads, e.g. 'cards/Overview'. */
export type RemoteModuleId = {
  [R in RemoteName]: `${R}/${ExposedModule<R> extends `./${infer Module}` ? Module : never}`;
}[RemoteName];

export function remoteModuleId<R extends RemoteName>(
  remote: R,
  exposed: ExposedModule<R>,
): RemoteModuleId {
  return `${remote}/${exposed.slice(2)}` as RemoteModuleId;
}

/** Build identity of a loaded remote, shown in the sidebar's version footer. */
export interface RemoteMeta {
  name: RemoteName;
  version: string;
}

/** Shape of every exposed module: a prop-less screen rendered inside the shell's providers. */
export interface RemoteRouteModule {
  default: ComponentType;
  remoteMeta: RemoteMeta;
}
