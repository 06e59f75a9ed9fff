import { imageSizeMessage, MOBILE_IMAGE_TYPES } from '@popstage/core/mobile';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * An image picked without a size to match (the header logo: spec 03 §5 gives it none) that is
 * not a gif, jpg or png. Ours: the spec has no text for it.
 */
export const IMAGE_TYPE_MESSAGE = 'Selected file must be a gif, jpg or png image';

/** What a refused file is told: 'Selected image must be WxH' when there is a size to match. */
export const imageRejectedMessage = (size: ImageSize | null) =>
  size ? imageSizeMessage(size.width, size.height) : IMAGE_TYPE_MESSAGE;

/**
 * Reads the picked image in the browser: the message when it is not a gif, jpg or png that
 * decodes, or (when `size` is given) not exactly WxH; null when it may be uploaded.
 */
export async function imageProblem(file: File, size: ImageSize | null): Promise<string | null> {
  const message = imageRejectedMessage(size);
  if (!(MOBILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return message;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    if (!size) return null;
    return image.naturalWidth === size.width && image.naturalHeight === size.height
      ? null
      : message;
  } catch {
    return message;
  } finally {
    URL.revokeObjectURL(url);
  }
}
