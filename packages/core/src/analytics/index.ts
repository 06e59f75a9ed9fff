export type { AnalyticsStream, AppEvent, StoredAppEvent } from './events';
export { ANALYTICS_STREAMS, analyticsIngestBodySchema } from './events';
