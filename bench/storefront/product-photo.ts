import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../../e2e/clips';

/**
 * An 800x800 photo-like JPEG (ffmpeg's busy test pattern) standing in for a product photo. The
 * sandbox's placeholder SVGs are flat colour: Chromium leaves such low-content images out of LCP,
 * so on the bare sandbox page a paragraph is the LCP element and the widget's poster tile takes
 * over, which no theme with real product photos would see.
 */
export async function productPhoto(dir: string): Promise<Buffer> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'product-photo.jpg');
  await promisify(execFile)(ffmpegPath(), [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=800x800:d=1'],
    ...['-frames:v', '1', '-q:v', '4', path],
  ]);
  return readFileSync(path);
}
