import { vi } from 'vitest';

/**
 * jsdom decodes no image and has no object URLs: a stand-in `Image` whose decode() gives the
 * picked file this size ('broken': decode fails, as for a file that is not an image). Undo with
 * the returned function.
 */
export function stubImageDecoding(result: { width: number; height: number } | 'broken') {
  const { createObjectURL, revokeObjectURL } = URL;
  class DecodedImage {
    src = '';
    naturalWidth = result === 'broken' ? 0 : result.width;
    naturalHeight = result === 'broken' ? 0 : result.height;
    decode(): Promise<void> {
      return result === 'broken'
        ? Promise.reject(new Error('EncodingError: the source image cannot be decoded'))
        : Promise.resolve();
    }
  }
  vi.stubGlobal('Image', DecodedImage);
  URL.createObjectURL = () => 'blob:test-image';
  URL.revokeObjectURL = () => {};
  return () => {
    vi.unstubAllGlobals();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  };
}

/** A picked file of the given type (its bytes do not matter to the stand-in decoder). */
export const pickedFile = (name: string, type: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });
