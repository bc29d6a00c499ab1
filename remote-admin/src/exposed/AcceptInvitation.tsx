export { remoteMeta } from '../shared/remoteMeta';
export { AcceptInvitationPage as default } from '../features/users/components/AcceptInvitationPage';
