export { remoteMeta } from '../shared/remoteMeta';
export { OutboxScreen as default } from '../features/outbox/components/OutboxScreen';
