import { imageSizeMessage, MOBILE_IMAGE_TYPES } from '@popstage/core/mobile';

/** Reads the picked image's size in the browser; the message when it is not exactly WxH. */
export async function imageProblem(
  file: File,
  size: { width: number; height: number },
): Promise<string | null> {
  const message = imageSizeMessage(size.width, size.height);
  if (!(MOBILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return message;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth === size.width && image.naturalHeight === size.height
      ? null
      : message;
  } catch {
    return message;
  } finally {
    URL.revokeObjectURL(url);
  }
}
