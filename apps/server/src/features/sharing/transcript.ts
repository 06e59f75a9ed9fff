import { captionTranscript, parseWebVtt } from '@popstage/core/captions';
import type { StoredCaption } from '../../db/schema';
import type { ObjectStore } from '../../platform/storage/port';

const MAX_BYTES = 200_000;

/** The first captions' text for the watch page's transcript; null without captions. */
export async function clipTranscript(
  media: Pick<ObjectStore, 'getObject'>,
  captions: readonly StoredCaption[],
): Promise<string | null> {
  const first = captions[0];
  if (!first) return null;
  const object = await media.getObject(first.key).catch(() => null);
  if (!object) return null;
  let text = '';
  for await (const chunk of object.body) {
    text += Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
    if (text.length > MAX_BYTES) break;
  }
  const parsed = parseWebVtt(text);
  return 'cues' in parsed ? captionTranscript(parsed.cues) || null : null;
}
