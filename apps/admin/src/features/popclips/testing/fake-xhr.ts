import { vi } from 'vitest';

export interface SentUpload {
  method: string;
  url: string;
  contentType: string | undefined;
  body: unknown;
}

/**
 * The browser's XMLHttpRequest replaced at the network boundary: every PUT is recorded (in
 * `log` too, to check the order against fetch calls) and answered with `status()` after one
 * half-way progress event.
 */
export function installFakeXhr(log: string[] = [], status: (url: string) => number = () => 200) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    send(body: unknown) {
      sent.push({
        method: this.method,
        url: this.url,
        contentType: this.headers['content-type'],
        body,
      });
      log.push(`${this.method} ${this.url}`);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        this.status = status(this.url);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** jsdom has no object URLs; previews only need a string. */
export function stubObjectUrls() {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
}

export const videoFile = (name = 'My clip!.mp4', size = 2048, type = 'video/mp4') =>
  sizedFile(name, size, type);

export const imageFile = (name = 'thumb.png', size = 1024, type = 'image/png') =>
  sizedFile(name, size, type);

/** A File claiming `size` bytes without allocating them (the size rules read file.size). */
function sizedFile(name: string, size: number, type: string): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
