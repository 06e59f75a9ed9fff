import type { PlayerPosition } from '@popstage/core/placement';
import type { StorefrontDevice, StorefrontFeed } from '@popstage/core/storefront';

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

/**
 * What the loader (extensions/popstage/assets) leaves the player on window.PopstageLoader: the
 * feed it fetched, and the viewer's warm first file (media.ts warmViewer): undefined until it
 * starts, null once the viewer took it or the bubble was closed.
 */
export interface LoaderShared {
  feed: Promise<StorefrontFeed | null>;
  warm?: { clipId: string; video: HTMLVideoElement } | null;
}
