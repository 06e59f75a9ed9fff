import type { PlayerPosition, StorefrontDevice } from '@popstage/core';

/** The storefront wire types live once, in @popstage/core (docs/api.md, storefront contract). */
export type {
  StorefrontClip,
  StorefrontEvent as WidgetEvent,
  StorefrontEventType as EventType,
  StorefrontFeed,
  StorefrontProduct,
} from '@popstage/core';

export type Device = StorefrontDevice;
export type DevicePositions = Record<Device, PlayerPosition>;
