import type { Page } from 'playwright-core';

/**
 * What the browser transferred, read from the Chrome DevTools Protocol: for each response that
 * finished loading, `encodedDataLength` of Network.loadingFinished (the response's headers and its
 * body as sent, compressed or not) next to the decoded body's size. Shared by the admin-load and
 * storefront benches.
 */

export interface Transfer {
  url: string;
  path: string;
  /** CDP resource type: Document, Script, Stylesheet, Image, Media, Fetch, XHR, Font, Other... */
  type: string;
  status: number;
  /** The answer's Content-Encoding (br, gzip...), null when sent as is. */
  encoding: string | null;
  /** Bytes received for it: headers and the body as sent (CDP encodedDataLength). */
  transferred: number;
  /** The body's size once decoded (the sum of CDP dataReceived dataLength). */
  decoded: number;
}

export interface TransferOptions {
  /**
   * Sent as Accept-Encoding on every request of the page instead of the browser's own (CDP
   * Network.setExtraHTTPHeaders): 'identity' has the server send everything uncompressed.
   */
  acceptEncoding?: string;
}

function header(headers: Record<string, unknown>, name: string): string | null {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return String(value);
  }
  return null;
}

/**
 * Starts recording the page's transfers (and those of the frames its renderer runs): the array
 * returned fills as responses finish. Call before the page navigates.
 */
export async function recordTransfers(
  page: Page,
  options: TransferOptions = {},
): Promise<Transfer[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (options.acceptEncoding) {
    await cdp.send('Network.setExtraHTTPHeaders', {
      headers: { 'Accept-Encoding': options.acceptEncoding },
    });
  }
  const answers = new Map<string, Omit<Transfer, 'transferred'>>();
  const transfers: Transfer[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const url = event.response.url;
    answers.set(event.requestId, {
      url,
      path: new URL(url).pathname,
      type: event.type,
      status: event.response.status,
      encoding: header(event.response.headers, 'content-encoding'),
      decoded: 0,
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const answer = answers.get(event.requestId);
    if (answer) answer.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const answer = answers.get(event.requestId);
    if (answer) transfers.push({ ...answer, transferred: event.encodedDataLength });
  });
  return transfers;
}
