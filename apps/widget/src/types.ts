import type { PlayerPosition } from '@popstage/core/placement';
import type { StorefrontDevice } from '@popstage/core/storefront';

/** The storefront wire types live once, in @popstage/core (docs/api.md, storefront contract). */
export type {
  StorefrontClip,
  StorefrontEvent as WidgetEvent,
  StorefrontEventType as EventType,
  StorefrontFeed,
  StorefrontProduct,
} from '@popstage/core/storefront';

export type Device = StorefrontDevice;
export type DevicePositions = Record<Device, PlayerPosition>;
