import { startApp } from '@popstage/testkit/app';
import { launchChromium } from '@popstage/testkit/browser';
import { productPageBench } from './page-load';
import { prepareBenchShop } from './shop';
import { widgetSize } from './widget-size';

/**
 * Only the storefront bench's product-page part (page-load.ts), on PGlite, in a minute or two
 * instead of the whole `npm run bench -- storefront`:
 *   node --import tsx bench/storefront/page-load-only.ts
 */
widgetSize(); // builds the widget the server serves
const app = await startApp({ STOREFRONT_RATE_LIMIT: '100000000' });
try {
  console.log('preparing the shop (install, publish products, upload and process clips)...');
  const shop = await prepareBenchShop(app);
  const browser = await launchChromium();
  try {
    await productPageBench(app, browser, shop);
  } finally {
    await browser.close();
  }
} finally {
  await app.stop();
}
