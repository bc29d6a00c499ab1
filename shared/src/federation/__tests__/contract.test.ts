import { REMOTE_EXPOSES, REMOTE_NAMES, remoteModuleId } from '../contract';

it('exposes every screen of docs/architecture.md under its remote', () => {
  expect(REMOTE_NAMES).toEqual(['landing', 'cards', 'campaigns', 'messaging', 'admin']);
  expect(Object.keys(REMOTE_EXPOSES)).toEqual([...REMOTE_NAMES]);
  expect(REMOTE_EXPOSES.cards).toEqual(['./Overview', './LoyaltyCards', './AddPoints', './Rewards']);
});

it('builds the id the federation runtime loads', () => {
  expect(remoteModuleId('cards', './Overview')).toBe('cards/Overview');
  expect(remoteModuleId('landing', './SignupPage')).toBe('landing/SignupPage');
});
