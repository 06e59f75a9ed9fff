import { describe, expect, it, vi } from 'vitest';
import { getBotToken, SANDBOX_BOT_TOKEN } from './bot-check';
import { runTurnstile, TURNSTILE_SRC } from './turnstile';

describe('bot check', () => {
  it('answers the fixed sandbox token without loading anything', async () => {
    await expect(getBotToken({ provider: 'sandbox', siteKey: null })).resolves.toBe(
      SANDBOX_BOT_TOKEN,
    );
    expect(document.querySelector(`script[src="${TURNSTILE_SRC}"]`)).toBeNull();
  });

  it('runs an invisible Turnstile challenge with the site key and cleans up', async () => {
    const remove = vi.fn();
    const render = vi.fn((_el: HTMLElement, options: { callback(token: string): void }) => {
      queueMicrotask(() => options.callback('cf-token'));
      return 'widget-1';
    });
    const win = Object.assign(Object.create(window) as Window, {
      document,
      turnstile: { render, remove },
      setTimeout: window.setTimeout.bind(window),
      clearTimeout: window.clearTimeout.bind(window),
    });
    await expect(runTurnstile('site-key', win)).resolves.toBe('cf-token');
    expect(render.mock.calls[0]?.[1]).toMatchObject({
      sitekey: 'site-key',
      appearance: 'interaction-only',
    });
    expect(remove).toHaveBeenCalledWith('widget-1');
  });
});
