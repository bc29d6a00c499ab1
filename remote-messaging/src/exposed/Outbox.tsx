export { remoteMeta } from '../remoteMeta';
export { OutboxScreen as default } from '../features/outbox/OutboxScreen';
