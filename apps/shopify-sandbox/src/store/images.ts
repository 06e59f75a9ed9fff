import { hashString } from './random';

/**
 * Product images of the sandbox store: SVG placeholders drawn from the image name alone
 * (`<product-handle>-<n>`), so they need no files, no database and no network.
 */

export const IMAGE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function imageUrl(baseUrl: string, name: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/sandbox/images/${name}.svg`;
}

export function renderPlaceholderSvg(name: string): string {
  if (!IMAGE_NAME.test(name)) throw new Error(`invalid image name: ${name}`);
  const words = name.replace(/-\d+$/, '').split('-').filter(Boolean);
  const view = Number(/-(\d+)$/.exec(name)?.[1] ?? '1');
  const initials = words
    .filter((word) => !['and', 'no', 'in'].includes(word))
    .slice(0, 3)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  // One hue per product; each further view of it is a little darker.
  const hue = hashString(words.join('-')) % 360;
  const light = Math.max(40, 78 - (view - 1) * 10);
  const label = words.join(' ').slice(0, 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="${label}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% ${light}%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 50% ${light - 14}%)"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#g)"/>
<circle cx="400" cy="360" r="200" fill="rgba(255,255,255,0.28)"/>
<text x="400" y="360" dy="0.35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="128" font-weight="700" fill="rgba(0,0,0,0.62)">${initials}</text>
<text x="400" y="680" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="34" fill="rgba(0,0,0,0.55)">${label}</text>
</svg>
`;
}
