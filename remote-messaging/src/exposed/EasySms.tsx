export { remoteMeta } from '../shared/remoteMeta';
export { EasySmsScreen as default } from '../features/easy-sms/components/EasySmsScreen';
