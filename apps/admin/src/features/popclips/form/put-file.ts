/**
 * PUTs a file to a signed URL with its declared Content-Type (the signature covers it; the
 * browser sets Content-Length from the body) and If-None-Match: * (signed on S3, where it makes
 * the URL single-use; the local store is single-use by itself). XMLHttpRequest rather than fetch: fetch has no
 * upload progress events.
 */
export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`Upload failed with status ${status}`);
    this.name = 'UploadError';
  }
}

export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('If-None-Match', '*');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      // The signed URL answers 200 (docs/api.md); anything else left nothing usable.
      if (xhr.status === 200) {
        onProgress?.(1);
        resolve();
      } else reject(new UploadError(xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(0));
    xhr.onabort = () => reject(new UploadError(0));
    xhr.send(file);
  });
}
