import { createHash } from 'node:crypto';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

/**
 * Polaris ships one stylesheet for all of its components (431 KB, 40 KB in brotli), and the admin
 * uses a part of them. Every class Polaris puts on an element is a string literal in its
 * component modules ("Polaris-Button--variantPrimary"), so once the bundle is made a rule whose
 * class, attribute or element appears in no chunk of the app (lazy ones included: a later screen
 * still finds its rules) can never match, and is dropped (283 KB, 27 KB in brotli). Custom
 * properties, keyframes and font faces stay: Polaris sets token variables from JS.
 *
 * The file's hash was taken before the purge, and what is kept depends on every chunk: a purged
 * file gets a hash of its own content, and the chunks and pages naming it are rewritten, so a
 * browser never keeps a stale stylesheet under an immutable name.
 */
export function purgeUnusedCss(): Plugin {
  return {
    name: 'popstage:purge-unused-css',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const files = Object.values(bundle);
        const code = files.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
        const renamed = new Map<string, string>();
        for (const file of files) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
          const [purged] = await new PurgeCSS().purge({
            content: [{ raw: code, extension: 'js' }],
            css: [{ raw: String(file.source) }],
            // The document's own elements, which no chunk may name.
            safelist: { standard: ['html', 'body', ':root'] },
          });
          if (!purged || purged.css === String(file.source)) continue;
          const hash = createHash('sha256').update(purged.css).digest('base64url').slice(0, 8);
          const fileName = file.fileName.replace(/-[\w-]{8}\.css$/, `-${hash}.css`);
          delete bundle[file.fileName];
          this.emitFile({ type: 'asset', fileName, source: purged.css });
          renamed.set(file.fileName, fileName);
        }
        const rename = (text: string) => {
          let out = text;
          for (const [from, to] of renamed) out = out.replaceAll(from, to);
          return out;
        };
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') file.code = rename(file.code);
          else if (file.fileName.endsWith('.html')) file.source = rename(String(file.source));
        }
      },
    },
  };
}
