import type { ProductPickerItem } from '@popstage/core/catalogue';
import type { Popclip, PopclipStatus } from '@popstage/core/popclips';

/** A clip as the media API answers it; tests override what they are about. */
export function popclip(
  n: number,
  overrides: Partial<Omit<Popclip, 'metaData'>> & { metaData?: Partial<Popclip['metaData']> } = {},
): Popclip {
  const status: PopclipStatus = overrides.status ?? 'processed';
  const { metaData, ...rest } = overrides;
  return {
    id: 'demo-store.myshopify.com',
    metaIdentifier: `clip-${n}`,
    cdnUrl: `http://admin.test/media/clip-${n}.mp4`,
    status,
    failureReason: null,
    durationSeconds: 12,
    width: 720,
    height: 1280,
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    clipViews: 0,
    clipLikes: 0,
    showViews: false,
    showLikes: false,
    ...rest,
    metaData: {
      videoTitle: `Clip number ${n}`,
      products: [
        {
          shopifyProductId: 'gid://shopify/Product/1',
          shopifyProductHandle: 'linen-shirt',
          shopifyProductUrl: 'https://demo-store.example/products/linen-shirt',
          defaultImage: 'http://admin.test/sandbox/images/linen-shirt.svg',
          title: 'Linen Shirt',
        },
      ],
      thumbnailURL: `http://admin.test/media/clip-${n}.jpg`,
      processedURL: `http://admin.test/media/clip-${n}.mp4`,
      customThumbnailImageURL: null,
      defaultThumbnailImageURL: `http://admin.test/media/clip-${n}.jpg`,
      videoURL: `http://admin.test/media/clip-${n}-original.mp4`,
      gifURL: `http://admin.test/media/clip-${n}.webp`,
      type: 'video',
      featured: false,
      status,
      display: ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'],
      isPrivate: false,
      shopifyDomain: 'demo-store.myshopify.com',
      sellerId: null,
      clipSourceUrl: null,
      clipSourceType: 'device',
      ...metaData,
    },
  };
}

export function pickerProduct(n: number): ProductPickerItem {
  return {
    id: `gid://shopify/Product/${n}`,
    title: `Product ${n}`,
    description: '',
    handle: `product-${n}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    amount: '19.99',
    currencyCode: 'USD',
    imgSrc: `http://admin.test/sandbox/images/product-${n}.svg`,
    imgAlt: `Product ${n}`,
  };
}
