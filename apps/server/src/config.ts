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
    /** Support widget key; defaults to a sandbox key when PLATFORM=sandbox (see loadConfig). */
    HELP_WIDGET_KEY: z.string().min(1).optional(),
    /** Signs the support widget's user JWT (Zendesk messaging); sandbox default when unset. */
    ZENDESK_SHARED_SECRET: z.string().min(16).optional(),
    /** The Zendesk messaging key id, the JWT header's kid. */
    ZENDESK_KEY_ID: z.string().min(1).optional(),
    /** Who delivers phone verification codes: the sandbox outbox or Twilio (Messages API). */
    OTP_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC\w+$/, 'must be a Twilio account SID (AC...)')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** Sender: an E.164 number or a Messaging Service SID (MG...). */
    TWILIO_FROM: z
      .string()
      .regex(/^(\+[1-9]\d{1,14}|MG\w+)$/, 'must be an E.164 number or a Messaging Service SID')
      .optional(),
    /** Cloudflare Turnstile: set both to check the bot token before a code is sent. */
    TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
    TURNSTILE_SITE_KEY: z.string().min(1).optional(),
    /** The live-selling platform's seller API; unset means the sandbox live platform. */
    LIVE_PLATFORM_URL: z.url().optional(),
    LIVE_PLATFORM_API_KEY: z.string().min(1).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15000),
    JOBS_ENABLED: booleanFlag.default(true),
    /**
     * Behind a load balancer: 'true' or the number of proxy hops to trust in X-Forwarded-For, so
     * request.ip (per-IP OTP limits) is the client's. Off by default: a directly exposed server
     * must not believe a forged header.
     */
    TRUST_PROXY: z.union([booleanFlag, z.coerce.number().int().min(1).max(10)]).default(false),
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
    const requireWith = (when: string, names: (keyof typeof env)[]) => {
      for (const name of names) {
        if (env[name] === undefined) {
          ctx.addIssue({ code: 'custom', path: [name], message: `must be set when ${when}` });
        }
      }
    };
    // Real SMS costs money per message: it is only sent behind a real bot check.
    if (env.OTP_PROVIDER === 'twilio') {
      requireWith('OTP_PROVIDER=twilio', [
        'TWILIO_ACCOUNT_SID',
        'TWILIO_AUTH_TOKEN',
        'TWILIO_FROM',
        'TURNSTILE_SECRET_KEY',
      ]);
    }
    if (env.TURNSTILE_SECRET_KEY)
      requireWith('TURNSTILE_SECRET_KEY is set', ['TURNSTILE_SITE_KEY']);
    if (env.LIVE_PLATFORM_URL) requireWith('LIVE_PLATFORM_URL is set', ['LIVE_PLATFORM_API_KEY']);
    if (env.PLATFORM === 'shopify' && env.HELP_WIDGET_KEY) {
      requireWith('HELP_WIDGET_KEY is set with PLATFORM=shopify', [
        'ZENDESK_SHARED_SECRET',
        'ZENDESK_KEY_ID',
      ]);
    }
  });

/** Sandbox stand-ins so the support button and its token work offline. */
const SANDBOX_DEFAULTS = {
  HELP_WIDGET_KEY: 'sandbox-help-widget',
  ZENDESK_SHARED_SECRET: 'popstage-sandbox-zendesk-secret',
  ZENDESK_KEY_ID: 'sandbox-zendesk-key',
} as const;

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
  const sandbox = config.PLATFORM === 'sandbox';
  return {
    ...config,
    APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}`,
    HELP_WIDGET_KEY:
      config.HELP_WIDGET_KEY ?? (sandbox ? SANDBOX_DEFAULTS.HELP_WIDGET_KEY : undefined),
    ZENDESK_SHARED_SECRET:
      config.ZENDESK_SHARED_SECRET ??
      (sandbox ? SANDBOX_DEFAULTS.ZENDESK_SHARED_SECRET : undefined),
    ZENDESK_KEY_ID:
      config.ZENDESK_KEY_ID ?? (sandbox ? SANDBOX_DEFAULTS.ZENDESK_KEY_ID : undefined),
  };
}
