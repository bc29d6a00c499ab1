export { remoteMeta } from '../shared/remoteMeta';
export { PasswordRecoveryPage as default } from '../features/password/components/PasswordRecoveryPage';
