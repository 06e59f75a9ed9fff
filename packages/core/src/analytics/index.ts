export { attributeOrder } from './attribute-order';
export type { AttributionKind, OrderSource } from './attribution-kinds';
export { attributionLookbackHours } from './attribution-windows';
export { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from './cart-keys';
export type {
  AppEventsQuery,
  ClipLikes,
  ClipViews,
  OrderSkipReason,
  StoredAppEvent,
} from './contract';
export { analyticsContract } from './contract';
export type { AnalyticsIngestBody, AnalyticsStream, AppEvent } from './events';
export { ANALYTICS_STREAMS } from './events';
export type { ClipInteraction, LineAttribution, OrderInput, OrderLineInput } from './order-input';
