import { crc32, deflateSync } from 'node:zlib';
import { runFfmpeg } from './ffmpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A solid-colour 8-bit RGB PNG built from its bytes (signature, IHDR, IDAT, IEND). With `bytes`,
 * zeros after IEND pad it to exactly that size (decoders stop at IEND): a thumbnail of a given
 * declared size.
 */
export function pngImage(
  options: { width?: number; height?: number; rgb?: [number, number, number]; bytes?: number } = {},
): Buffer {
  const { width = 8, height = 8, rgb = [230, 90, 60] } = options;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array(height).fill(row)));
  const png = Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  if (options.bytes === undefined) return png;
  if (options.bytes < png.length) {
    throw new Error(`a ${width}x${height} PNG needs ${png.length} bytes, not ${options.bytes}`);
  }
  return Buffer.concat([png, Buffer.alloc(options.bytes - png.length)]);
}

/**
 * A photo-like JPEG (one frame of ffmpeg's busy test pattern) at `path`: unlike a flat colour,
 * Chromium counts such an image as contentful (LCP), as it would a real product photo.
 */
export async function photoJpeg(
  path: string,
  size: { width: number; height: number },
): Promise<string> {
  await runFfmpeg([
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=s=${size.width}x${size.height}:d=1`],
    ...['-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '4', '-f', 'image2', path],
  ]);
  return path;
}
