import { hasPopclipsCapability } from '@popstage/core/billing';
import { clipVisibility } from '@popstage/core/popclips';
import {
  defaultSource,
  type StorefrontCarouselAnswer,
  type StorefrontClip,
  type StorefrontFeed,
  type StorefrontProduct,
} from '@popstage/core/storefront';
import type { CarouselRow, PopclipRow, StoredPopclipProduct } from '../../db/schema';
import type { PlatformProduct } from '../../platform/port';
import { type StorefrontData, storefrontPositions } from './data';

/** Turns an object key into a URL (signed GET, or the key itself to fingerprint the answer). */
export type Sign = (key: string | null) => Promise<string | null>;

/** A live product as the storefront shows it; null when it is out of stock (left out). */
export function toStorefrontProduct(
  stored: Pick<StoredPopclipProduct, 'defaultImage'>,
  live: PlatformProduct,
  storeUrl: string,
): StorefrontProduct | null {
  const variants = live.variants.filter((variant) => variant.availableForSale);
  if (variants.length === 0) return null;
  const cheapest = variants.reduce((low, variant) =>
    Number(variant.price) < Number(low.price) ? variant : low,
  );
  return {
    id: live.id,
    handle: live.handle,
    title: live.title,
    url: `${storeUrl.replace(/\/+$/, '')}/products/${live.handle}`,
    imageUrl: live.images[0]?.url ?? stored.defaultImage,
    price: cheapest.price,
    currencyCode: live.priceRange.currencyCode,
    variantId: cheapest.id,
    available: true,
  };
}

/**
 * What shoppers play: the ladder and its default; clips processed before the ladder (issue 19)
 * keep their single playable file. The merchant's original is never among them.
 */
async function shopperVideo(row: PopclipRow, sign: Sign) {
  const sources = await Promise.all(
    row.renditions.map(async (r) => ({
      url: (await sign(r.key)) ?? '',
      width: r.width,
      height: r.height,
      bitsPerSecond: r.bitsPerSecond,
    })),
  );
  const fallback = defaultSource(row.renditions)?.key ?? row.playableKey;
  return { sources: sources.filter((s) => s.url), videoUrl: await sign(fallback) };
}

export async function toStorefrontClip(
  data: StorefrontData,
  row: PopclipRow,
  sign: Sign,
): Promise<StorefrontClip> {
  const { showViews, showLikes } = clipVisibility(data.level, data.settings);
  // A GIF in a <video> is refused after its download: the loop is an MP4 or nothing.
  const [{ sources, videoUrl }, posterUrl, previewUrl, captions] = await Promise.all([
    shopperVideo(row, sign),
    sign(row.customThumbnailKey ?? row.posterKey ?? row.thumbnailKey),
    sign(row.loopKey),
    Promise.all(
      row.captions.map(async (c) => ({
        language: c.language,
        label: c.label,
        url: (await sign(c.key)) ?? '',
      })),
    ),
  ]);
  const products = row.products.flatMap((stored) => {
    const live = data.products.get(stored.shopifyProductId);
    const product = live ? toStorefrontProduct(stored, live, data.shop.primaryDomainUrl) : null;
    return product ? [product] : [];
  });
  const counts = data.counts.get(row.metaIdentifier) ?? { views: 0, likes: 0 };
  return {
    id: row.metaIdentifier,
    title: row.title,
    videoUrl,
    sources,
    posterUrl,
    previewUrl,
    captions,
    durationSeconds: row.durationSeconds,
    width: row.width,
    height: row.height,
    displayTargets: row.displayTargets,
    products,
    uploadedAt: row.createdAt.toISOString(),
    ...(showViews ? { views: counts.views } : {}),
    ...(showLikes ? { likes: counts.likes } : {}),
  };
}

export async function toStorefrontFeed(
  data: StorefrontData,
  carousels: { row: CarouselRow; clipIds: string[] }[],
  sign: Sign,
  /** The running holdout test's share (0: none). */
  holdoutPercent = 0,
): Promise<StorefrontFeed> {
  const { showViews, showLikes } = clipVisibility(data.level, data.settings);
  const clips = await Promise.all(data.clips.map((row) => toStorefrontClip(data, row, sign)));
  const featured = clips.find((clip) => clip.id === data.shop.featuredPopclipId) ?? null;
  return {
    shop: { domain: data.shop.shopifyDomain, currency: data.shop.currency },
    settings: {
      hidePopClipsOnPDP: data.settings.hidePopClipsOnPDP,
      showViews,
      showLikes,
      buyButton: data.settings.enableShopFeaturesBuyBtn,
      watermark: !hasPopclipsCapability(data.level, 'watermarkRemoval'),
      holdoutPercent,
    },
    positions: storefrontPositions(data.shop, data.level),
    featured,
    clips,
    carousels: carousels.map(({ row, clipIds }) => ({ id: row.id, title: row.title, clipIds })),
  };
}

export async function toStorefrontCarousel(
  data: StorefrontData,
  row: CarouselRow,
  clipIds: string[],
  sign: Sign,
): Promise<StorefrontCarouselAnswer> {
  const byId = new Map(data.clips.map((clip) => [clip.metaIdentifier, clip]));
  const rows = clipIds.flatMap((id) => {
    const clip = byId.get(id);
    return clip ? [clip] : [];
  });
  return {
    carousel: { id: row.id, title: row.title },
    clips: await Promise.all(rows.map((clip) => toStorefrontClip(data, clip, sign))),
  };
}
