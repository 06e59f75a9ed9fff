import type { StorefrontClip } from '@popstage/core/storefront';
import { Spinner } from '@shopify/polaris';

/** What the feed screen shows of a clip (the storefront feed's clip). */
export type PreviewClip = Pick<StorefrontClip, 'id' | 'title' | 'posterUrl'>;

/**
 * The Popclips screen: the shop's public clips, newest first, as the branded app's feed shows
 * them. `clips` is null while the feed loads.
 */
export function PreviewPopclips({ clips }: { clips: PreviewClip[] | null }) {
  if (clips === null) return <Spinner size="small" accessibilityLabel="Loading Popclips" />;
  if (clips.length === 0) return <p style={{ color: '#8a8a8a', margin: 0 }}>No Popclips yet.</p>;
  return (
    <ul
      aria-label="Popclips"
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        gap: 8,
      }}
    >
      {clips.map((clip) => (
        <li key={clip.id} style={{ fontSize: 12 }}>
          {clip.posterUrl ? (
            <img
              src={clip.posterUrl}
              alt=""
              style={{
                width: '100%',
                aspectRatio: '9 / 16',
                objectFit: 'cover',
                borderRadius: 6,
                display: 'block',
              }}
            />
          ) : (
            <div style={{ aspectRatio: '9 / 16', background: '#f1f1f1', borderRadius: 6 }} />
          )}
          <div style={{ marginTop: 4 }}>{clip.title}</div>
        </li>
      ))}
    </ul>
  );
}
