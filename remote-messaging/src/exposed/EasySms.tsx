export { remoteMeta } from '../remoteMeta';
export { EasySmsScreen as default } from '../features/easy-sms/EasySmsScreen';
