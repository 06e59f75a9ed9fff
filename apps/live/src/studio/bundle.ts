import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

let bundle: Promise<string> | null = null;

/**
 * The studio's script, bundled from client/studio.ts on first request and kept for the process
 * (the sources do not change while it runs); a failed build is forgotten so the next one retries.
 */
export function studioScript(): Promise<string> {
  if (!bundle) {
    const made = build({
      entryPoints: [fileURLToPath(new URL('./client/studio.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
    }).then((result) => {
      const [output] = result.outputFiles;
      if (!output) throw new Error('esbuild produced no studio script');
      return output.text;
    });
    made.catch(() => {
      bundle = null;
    });
    bundle = made;
  }
  return bundle;
}
