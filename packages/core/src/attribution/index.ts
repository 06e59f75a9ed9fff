export { attributeOrder } from './attribute-order';
export { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from './cart-keys';
export type { AttributionKind, OrderSource } from './kinds';
export type { ClipInteraction, LineAttribution, OrderInput, OrderLineInput } from './order-input';
export { shopifyOrderInputSchema } from './shopify-order';
export { attributionLookbackHours } from './windows';
