import type { Config } from '../../config';
import type { SocialImporter } from './port';
import { createSandboxSocialImporter, sandboxSamplesDir } from './sandbox-importer';
import { createWebSocialImporter } from './web-importer';

export * from './port';
export { createSandboxSocialImporter } from './sandbox-importer';
export { createWebSocialImporter } from './web-importer';

/** The importer SOCIAL_IMPORTER names: bundled samples offline (default) or the public pages. */
export function createSocialImporter(config: Config): SocialImporter {
  return config.SOCIAL_IMPORTER === 'web'
    ? createWebSocialImporter()
    : createSandboxSocialImporter({ samplesDir: sandboxSamplesDir(config.DATA_DIR) });
}
