import { describe, expect, it } from 'vitest';
import { appMetafieldsForLiquid } from './app-metafields-liquid';
import type { StorefrontPage } from './liquid-objects';
import { loadThemeApp } from './load-theme-app';
import { createThemeRenderer } from './render-app-blocks';

const app = loadThemeApp();
const renderer = createThemeRenderer(app);
const embed = app.blocks.find((definition) => definition.handle === 'app-embed');
if (!embed) throw new Error('no app-embed block');

const shop = { permanentDomain: 'demo.myshopify.com', name: 'Demo', currency: 'EUR' };
const LOOP = '/storefront/v1/shops/demo.myshopify.com/clips/c1/loop?v=abc';
const bubble = {
  clip: 'c1',
  title: 'Summer <drop> & "more"',
  loop: LOOP,
  media_origin: 'https://media.example',
  positions: { mobile: { xAxis: 0, yAxis: 75 }, desktop: { xAxis: 100, yAxis: 50 } },
};

/** The home page with the app's app-data metafields as the local Shopify stores them (strings). */
function home(featured?: object): StorefrontPage {
  return {
    shop,
    template: 'index',
    appMetafields: appMetafieldsForLiquid([
      { namespace: 'popstage', key: 'app_url', type: 'url', value: 'https://app.example' },
      ...(featured
        ? [
            {
              namespace: 'popstage',
              key: 'featured_bubble',
              type: 'json',
              value: JSON.stringify(featured),
            },
          ]
        : []),
    ]),
  };
}

const render = (page: StorefrontPage) =>
  renderer.renderBlock(embed, { id: '1', settings: {} }, page);

describe("the app embed's featured bubble (app.metafields.popstage.featured_bubble, json)", () => {
  it('builds the bubble from the head: head content only, the clip and its loop as escaped attributes', async () => {
    const html = await render(home(bubble));
    // A <head> takes script, style and link elements (a <div> there would end the head early).
    const outside = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '');
    expect(new Set([...outside.matchAll(/<([a-z]+)/g)].map((tag) => tag[1]))).toEqual(
      new Set(['link']),
    );
    const script = /<script\s+id="popstage-bubble-script"([^>]*)>([\s\S]*?)<\/script>/.exec(html);
    expect(script?.[1]).toContain('data-clip="c1"');
    expect(script?.[1]).toContain(`data-loop="https://app.example${LOOP}"`);
    // The clip's title is the merchant's text: escaped, and set as an attribute by the script.
    expect(script?.[1]).toContain('data-title="Summer &lt;drop&gt; &amp; &quot;more&quot;"');
    expect(script?.[2]).toContain("bubble.id = 'popstage-bubble'");
    expect(script?.[2]).toContain("source.media = '(prefers-reduced-motion: no-preference)'");
    // Built before the loader's tag: the async loader always finds it.
    expect(html.indexOf('popstage-bubble-script')).toBeLessThan(html.indexOf('popstage-loader.js'));
  });

  it("places it where the merchant put it on each device (the widget's formula)", async () => {
    const html = await render(home(bubble));
    expect(html).toContain(
      '#popstage-bubble{left:calc(12px + (100% - 24px) * 100 / 100);top:calc(12px + (100% - 24px) * 50 / 100);transform:translate(-100%,-50%)}',
    );
    expect(html).toContain(
      '@media (max-width:749px){#popstage-bubble{left:calc(12px + (100% - 24px) * 0 / 100);top:calc(12px + (100% - 24px) * 75 / 100);transform:translate(-0%,-75%)}}',
    );
    // Numbers only: a position that is not one cannot write CSS.
    const odd = { ...bubble, positions: { mobile: { xAxis: '1;}body{x:1', yAxis: 500 } } };
    const safe = await render(home(odd));
    expect(safe).not.toContain('body{x');
    expect(safe).toMatch(
      /top:calc\(12px \+ \(100% - 24px\) \* 100 \/ 100\);transform:translate\(-[\d.]+%,-100%\)\}\}/,
    );
  });

  it('preconnects to the app for the loop and to the media origin for the viewer', async () => {
    const html = await render(home(bubble));
    expect(html).toContain('<link rel="preconnect" href="https://app.example" crossorigin>');
    expect(html).toContain('<link rel="preconnect" href="https://app.example">');
    expect(html).toContain('<link rel="preconnect" href="https://media.example">');
    const local = await render(home({ ...bubble, media_origin: 'https://app.example' }));
    expect(local.match(/rel="preconnect"/g)).toHaveLength(2);
  });

  it('renders no bubble without the metafield (a fresh install) or with an empty one', async () => {
    for (const page of [home(), home({})]) {
      const html = await render(page);
      expect(html).toContain('popstage-loader.js');
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<style>');
      expect(html).not.toContain('popstage-bubble');
      expect(html.match(/rel="preconnect"/g)).toHaveLength(1);
    }
  });
});
