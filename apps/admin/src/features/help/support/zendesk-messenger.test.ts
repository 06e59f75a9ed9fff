import { describe, expect, it, vi } from 'vitest';
import { openZendeskMessenger, ZENDESK_SNIPPET_SRC } from './zendesk-messenger';

describe('openZendeskMessenger', () => {
  it('loads the snippet with the widget key, logs the user in with a fresh JWT and opens', async () => {
    const zE = vi.fn();
    const win = { document, zE: undefined as unknown } as unknown as Window & { zE?: typeof zE };
    const opening = openZendeskMessenger('widget key', async () => 'jwt-1', win);
    const script = document.getElementById('ze-snippet') as HTMLScriptElement;
    expect(script.src).toBe(`${ZENDESK_SNIPPET_SRC}?key=widget%20key`);
    win.zE = zE;
    script.dispatchEvent(new Event('load'));
    await opening;
    expect(zE.mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ['messenger', 'loginUser'],
      ['messenger', 'open'],
    ]);
    const callback = vi.fn();
    const login = zE.mock.calls[0]?.[2] as (cb: (jwt: string) => void) => void;
    login(callback);
    await vi.waitFor(() => expect(callback).toHaveBeenCalledWith('jwt-1'));
    script.remove();
  });
});
