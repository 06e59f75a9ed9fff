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

/** The first box of an MP4 file: size, 'ftyp', brand 'isom' (what the admin's sniff reads). */
const MP4_HEAD = new Uint8Array(
  [0, 0, 0, 24, ...'ftypisom'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
);

export const videoFile = (name = 'My clip!.mp4', size = 2048, type = 'video/mp4') =>
  sizedFile(name, size, type, MP4_HEAD);

/** A text file renamed .mp4: the name and size pass, the bytes are no video. */
export const textFileNamedMp4 = () =>
  new File(['just some notes\n'], 'notes.mp4', { type: 'video/mp4' });

export const imageFile = (name = 'thumb.png', size = 1024, type = 'image/png') =>
  sizedFile(name, size, type, 'x');

/** A File claiming `size` bytes without allocating them (the size rules read file.size). */
function sizedFile(name: string, size: number, type: string, content: BlobPart): File {
  const file = new File([content], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
