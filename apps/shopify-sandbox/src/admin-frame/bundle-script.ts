import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const bundles = new Map<string, Promise<string>>();

/** The browser scripts this folder serves, by file name in client/. */
export type ClientScript = 'app-bridge' | 'admin-frame';

/**
 * Bundles a browser script of client/ with esbuild, once per process: the sources do not change
 * while the server runs. A failed build is forgotten so the next request tries again.
 */
export function bundleScript(name: ClientScript): Promise<string> {
  let bundle = bundles.get(name);
  if (!bundle) {
    bundle = build({
      entryPoints: [fileURLToPath(new URL(`./client/${name}.ts`, import.meta.url))],
      bundle: true,
      write: false,
      // A classic script: App Bridge must run synchronously and find document.currentScript.
      format: 'iife',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
    }).then((result) => {
      const [output] = result.outputFiles;
      if (!output) throw new Error(`esbuild produced nothing for ${name}`);
      return output.text;
    });
    bundle.catch(() => bundles.delete(name));
    bundles.set(name, bundle);
  }
  return bundle;
}
