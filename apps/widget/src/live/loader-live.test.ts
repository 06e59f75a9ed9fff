import { afterEach, describe, expect, it, vi } from 'vitest';

/** Runs the loader as the app embed's <script> would (data-shop, data-app-url). */
async function runLoader() {
  const script = document.createElement('script');
  script.dataset.shop = 'demo.myshopify.com';
  script.dataset.appUrl = 'https://app.example/';
  Object.defineProperty(document, 'currentScript', { configurable: true, value: script });
  vi.resetModules();
  await import('../loader');
  Object.defineProperty(document, 'currentScript', { configurable: true, value: null });
}

const liveScripts = () =>
  Array.from(document.head.querySelectorAll<HTMLScriptElement>('script')).filter((tag) =>
    tag.src.endsWith('/storefront/v1/live.js'),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete (window as { PopstageLoader?: unknown }).PopstageLoader;
});

describe('the loader and the live-show block', () => {
  it('fetches the live player for a live-show block, even when the feed fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    document.body.innerHTML = '<div data-popstage-live="show"></div>';
    await runLoader();
    await vi.waitFor(() => expect(liveScripts()).toHaveLength(1));
    const [tag] = liveScripts();
    expect(tag?.src).toBe('https://app.example/storefront/v1/live.js');
    expect(tag?.dataset.shop).toBe('demo.myshopify.com');
  });

  it('fetches no live player on pages without the block', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    document.body.innerHTML = '<div data-popstage-carousel="all"></div>';
    await runLoader();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(liveScripts()).toHaveLength(0);
  });
});
