import { hexColour, textOn } from '@popstage/core/colour';
import type { MobileCatalogueProduct } from '@popstage/core/mobile';
import type { CSSProperties } from 'react';
import { type PreviewMenu, PreviewMenus } from './PreviewMenus';
import { type PreviewClip, PreviewPopclips } from './PreviewPopclips';

/** What the branded app shows, from the saved (or edited) config. */
export interface PreviewLook {
  appName: string;
  primaryColor: string;
  secondaryColor: string;
  bannerColor?: string | null;
  bannerTitle?: string | null;
  bannerText?: string | null;
  liveBannerColor?: string | null;
  liveBannerTitle?: string | null;
  liveBannerText?: string | null;
  headerLogoUrl?: string | null;
  font?: string | null;
}

export type PreviewScreen = 'home' | 'product' | 'menu' | 'popclips';

interface Props {
  look: PreviewLook;
  screen: PreviewScreen;
  products: MobileCatalogueProduct[];
  collectionTitle?: string | null;
  /** The Menu screen's menus (main navigation, Shop tab menu, extra links), those that exist. */
  menus?: PreviewMenu[];
  /** The Popclips screen's clips; null while the feed loads. */
  clips?: PreviewClip[] | null;
}

const frame: CSSProperties = {
  width: 300,
  maxWidth: '100%',
  height: 560,
  margin: '0 auto',
  borderRadius: 32,
  border: '10px solid #1f2124',
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  background: '#fff',
};

/** A mobile-sized mock of the branded app: home, a product page, the menus or the Popclips feed. */
export function PhonePreview({
  look,
  screen,
  products,
  collectionTitle,
  menus = [],
  clips = [],
}: Props) {
  const primary = hexColour(look.primaryColor, '#000000');
  const secondary = hexColour(look.secondaryColor, '#ffffff');
  const fontFamily = look.font && look.font !== 'Default' ? `${look.font}, sans-serif` : undefined;
  const product = products[0];
  return (
    <section style={{ ...frame, fontFamily }} data-testid="phone-preview" aria-label="App preview">
      <div
        style={{
          background: primary,
          color: secondary,
          padding: '12px 14px',
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          fontWeight: 600,
        }}
      >
        {look.headerLogoUrl ? (
          <img src={look.headerLogoUrl} alt="" style={{ height: 24, maxWidth: 120 }} />
        ) : null}
        <span>{look.appName || 'Your app'}</span>
      </div>
      <div style={{ flex: 1, overflowY: 'auto', padding: 12 }}>
        {screen === 'home' ? (
          <>
            {look.liveBannerTitle ? (
              <Strip
                background={hexColour(look.liveBannerColor, '#d72c0d')}
                title={look.liveBannerTitle}
                text={look.liveBannerText}
              />
            ) : null}
            {look.bannerTitle ? (
              <Strip
                background={hexColour(look.bannerColor, primary)}
                title={look.bannerTitle}
                text={look.bannerText}
              />
            ) : null}
            <div style={{ fontWeight: 600, margin: '8px 0' }}>
              {collectionTitle ?? 'Featured collection'}
            </div>
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
              {products.map((item) => (
                <div key={item.id} style={{ fontSize: 12 }}>
                  <ProductImage url={item.imageUrl} height={110} />
                  <div style={{ marginTop: 4 }}>{item.title}</div>
                  <div style={{ color: '#616161' }}>
                    {item.price} {item.currencyCode}
                  </div>
                </div>
              ))}
            </div>
          </>
        ) : null}
        {screen === 'product' ? (
          <div style={{ fontSize: 13 }}>
            <ProductImage url={product?.imageUrl ?? null} height={240} />
            <div style={{ fontWeight: 600, fontSize: 16, marginTop: 8 }}>
              {product?.title ?? 'Product'}
            </div>
            <div style={{ margin: '4px 0 12px' }}>
              {product ? `${product.price} ${product.currencyCode}` : ''}
            </div>
            <div
              style={{
                background: primary,
                color: secondary,
                textAlign: 'center',
                padding: 10,
                borderRadius: 8,
                fontWeight: 600,
              }}
            >
              Add to cart
            </div>
          </div>
        ) : null}
        {screen === 'menu' ? <PreviewMenus menus={menus} /> : null}
        {screen === 'popclips' ? <PreviewPopclips clips={clips} /> : null}
      </div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-around',
          padding: 8,
          borderTop: '1px solid #eee',
          fontSize: 11,
          color: primary,
        }}
      >
        <span>Home</span>
        <span>Shop</span>
        <span>Popclips</span>
        <span>Cart</span>
      </div>
    </section>
  );
}

function Strip({
  background,
  title,
  text,
}: {
  background: string;
  title: string;
  text?: string | null;
}) {
  return (
    <div
      style={{
        background,
        color: textOn(background),
        borderRadius: 8,
        padding: 10,
        marginBottom: 8,
      }}
    >
      <div style={{ fontWeight: 600 }}>{title}</div>
      {text ? <div style={{ fontSize: 12 }}>{text}</div> : null}
    </div>
  );
}

function ProductImage({ url, height }: { url: string | null; height: number }) {
  return url ? (
    <img src={url} alt="" style={{ width: '100%', height, objectFit: 'cover', borderRadius: 6 }} />
  ) : (
    <div style={{ height, background: '#f1f1f1', borderRadius: 6 }} />
  );
}
