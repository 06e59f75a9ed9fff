import { z } from 'zod';

/** Every setting the server reads from the environment. Unset means the embedded default. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    ROLE: z.enum(['web', 'worker', 'all']).default('all'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    PLATFORM: z.enum(['sandbox', 'shopify']).default('sandbox'),
    APP_URL: z.url().optional(),
    SHOPIFY_API_KEY: z.string().min(1).default('popstage-sandbox-key'),
    SHOPIFY_API_SECRET: z.string().min(16).default('popstage-sandbox-secret-do-not-use'),
    SHOPIFY_API_VERSION: z
      .string()
      .regex(/^\d{4}-\d{2}$/, 'must look like 2025-04')
      .default('2025-04'),
    /** Shopify billing charges are test charges unless this is false (real money). */
    SHOPIFY_BILLING_TEST: booleanFlag.default(true),
    /** UUID or handle of the theme app extension, to find its app embed in the theme. */
    SHOPIFY_THEME_EXTENSION: z.string().min(1).default('popstage-embed'),
    SUPPORT_EMAIL: z.email().default('support@popstage.app'),
    HELP_CENTER_URL: z.url().default('http://localhost:3000/resources'),
    /** External data lake for app events; unset means this server's own /ingest endpoints. */
    DATA_LAKE_URL: z.url().optional(),
    HELP_WIDGET_KEY: z.string().min(1).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15000),
    JOBS_ENABLED: booleanFlag.default(true),
  })
  .superRefine((env, ctx) => {
    if (env.PLATFORM === 'shopify') {
      for (const name of ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'APP_URL'] as const) {
        if (env[name] === undefined || env[name].startsWith('popstage-sandbox')) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'must be set when PLATFORM=shopify',
          });
        }
      }
    }
  });

export type Config = z.infer<typeof schema> & { APP_URL: string };

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return { ...config, APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}` };
}
