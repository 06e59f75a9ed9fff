/**
 * Whether a file's first bytes are an MP4 or QuickTime container: ISO BMFF boxes, so bytes 4-8
 * name a box type ('ftyp' in every MP4 and modern .mov; 'moov', 'mdat', 'wide', 'free', 'skip'
 * or 'pnot' open older QuickTime files). A text file renamed .mp4 has none of them.
 */
const CONTAINER_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

export async function looksLikeVideoContainer(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await readHead(file, 12));
  if (head.length < 8) return false;
  const box = String.fromCharCode(...head.subarray(4, 8));
  return CONTAINER_BOXES.has(box);
}

/** The first bytes of a file (FileReader: jsdom's Blob has no arrayBuffer in older versions). */
function readHead(file: Blob, bytes: number): Promise<ArrayBuffer> {
  const slice = file.slice(0, bytes);
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(slice);
  });
}
