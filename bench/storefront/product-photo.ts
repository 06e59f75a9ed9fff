import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { photoJpeg } from '@popstage/testkit/image';

/**
 * An 800x800 photo-like JPEG standing in for a product photo. The sandbox's placeholder SVGs are
 * flat colour: Chromium leaves such low-content images out of LCP, so on the bare sandbox page a
 * paragraph is the LCP element and the widget's poster tile takes over, which no theme with real
 * product photos would see.
 */
export async function productPhoto(dir: string): Promise<Buffer> {
  mkdirSync(dir, { recursive: true });
  return readFileSync(await photoJpeg(join(dir, 'product-photo.jpg'), { width: 800, height: 800 }));
}
