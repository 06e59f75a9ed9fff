import { escapeHtml } from '@popstage/core/html';

export interface SitemapVideo {
  url: string;
  title: string;
  shopName: string;
  videoUrl: string | null;
  posterUrl: string | null;
  durationSeconds: number | null;
  uploadedAt: Date;
}

/**
 * Google's video sitemap of a shop's watch pages (one <url> per shared clip). Media URLs are
 * signed for hours: a crawler reads the sitemap and the page together, and the page is the
 * canonical place of the video.
 */
export function renderVideoSitemap(videos: readonly SitemapVideo[]): string {
  const x = escapeHtml;
  const urls = videos
    .filter((video) => video.posterUrl && video.videoUrl)
    .map((video) => {
      const title = video.title || `A Popclip from ${video.shopName}`;
      const duration =
        video.durationSeconds && video.durationSeconds > 0
          ? `\n      <video:duration>${Math.max(1, Math.round(video.durationSeconds))}</video:duration>`
          : '';
      return `  <url>
    <loc>${x(video.url)}</loc>
    <video:video>
      <video:thumbnail_loc>${x(video.posterUrl ?? '')}</video:thumbnail_loc>
      <video:title>${x(title)}</video:title>
      <video:description>${x(`${title} · ${video.shopName}`)}</video:description>
      <video:content_loc>${x(video.videoUrl ?? '')}</video:content_loc>
      <video:player_loc>${x(video.url)}</video:player_loc>${duration}
      <video:publication_date>${video.uploadedAt.toISOString()}</video:publication_date>
    </video:video>
  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
${urls.join('\n')}
</urlset>
`;
}
