import { createHmac } from 'node:crypto';
import path from 'node:path';
import {
  LIKES_PER_ADDRESS_CLIP_DAY,
  VIEWS_PER_ADDRESS_CLIP_DAY,
  VIEWS_PER_SITE_DAY,
  VISITORS_PER_ADDRESS_HOUR,
  VISITORS_PER_SITE_HOUR,
} from '@popstage/core/storefront';
import { z } from 'zod';
import { parseTokenKey } from './auth/token-cipher';
import { fcmServiceAccountSchema } from './platform/push/fcm-account';

/** Every setting the server reads from the environment. Unset means the embedded default. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const configSchema = z
  .object({
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(3000)
      .meta({ description: 'HTTP port' }),
    HOST: z.string().min(1).default('0.0.0.0').meta({ description: 'interface to listen on' }),
    ROLE: z.enum(['web', 'worker', 'all']).default('all').meta({
      description: '`web` (HTTP only, sends jobs), `worker` (jobs, plus `/healthz`), `all` (both)',
    }),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional()
      .meta({
        description: '`postgres://` URL of a PostgreSQL database',
        whenUnset: 'unset: embedded PGlite',
      }),
    DATA_DIR: z
      .string()
      .min(1)
      .default('./data')
      .meta({ description: 'where the embedded database (and local media) is kept' }),
    PLATFORM: z
      .enum(['sandbox', 'shopify'])
      .default('sandbox')
      .meta({ description: '`sandbox` (offline store) or `shopify`' }),
    APP_URL: z.url().optional().meta({
      description: 'public URL of the app (Shopify mode: required)',
      whenUnset: '`http://localhost:$PORT`',
    }),
    SHOPIFY_API_KEY: z.string().min(1).default('popstage-sandbox-key').meta({
      description: 'app key; the `aud` of session tokens (Shopify mode: required)',
      whenUnset: 'sandbox key',
    }),
    SHOPIFY_API_SECRET: z.string().min(16).default('popstage-sandbox-secret-do-not-use').meta({
      description:
        'signs and verifies session tokens, at least 16 characters (Shopify mode: required)',
      whenUnset: 'sandbox secret',
    }),
    SHOPIFY_API_VERSION: z
      .string()
      .regex(/^\d{4}-\d{2}$/, 'must look like 2026-10')
      .default('2026-10')
      .meta({ description: 'Admin GraphQL API version the Shopify adapter calls' }),
    /**
     * Forces every charge to be a test charge. Unset or false, a charge is a test charge exactly
     * when the shop is a development store (Admin API shop.plan.partnerDevelopment).
     */
    SHOPIFY_BILLING_TEST: booleanFlag.default(false).meta({
      description:
        "`true` forces every charge to be a test charge (staging, demos, the app review's store). Unset, a charge is a test charge exactly when the shop is a development store (Admin API `shop.plan.partnerDevelopment`): real stores are billed, development stores never are",
    }),
    /**
     * Override only: the handle or uuid naming the app embed in the theme. Unset, the embed is
     * found by the app's own handle (Admin API) or the extension's uuid (its toml's `uid`).
     */
    SHOPIFY_THEME_EXTENSION: z.string().min(1).optional().meta({
      description:
        "override only: a handle or uuid naming the app embed in the theme's settings_data.json. Unset, the embed is found by the app's own handle (read from the Admin API's `currentAppInstallation.app.handle`, whatever the Partner Dashboard app is called) or the theme extension's uuid (the `uid` Shopify CLI writes into `extensions/popstage/shopify.extension.toml`)",
    }),
    /**
     * Where shops' Admin APIs live, as `<url>/<shop domain>` (a local Shopify running on its
     * own); unset: https://<shop> in Shopify mode, the local Shopify of this process in sandbox.
     */
    SHOPIFY_ADMIN_URL: z.url().optional().meta({
      description:
        "where shops' Admin APIs live as `<url>/<shop>` (a local Shopify running on its own); unset: `https://<shop>` in Shopify mode, this process's local Shopify in sandbox mode",
    }),
    /**
     * Encrypts the stored secrets (Shopify tokens, storefront token, csToken, device tokens, TOTP
     * secrets; AES-256-GCM): 32 bytes as 64 hex digits or base64. Required in Shopify mode; sandbox
     * mode derives one from the API secret. Rotation: docs/operations.md.
     */
    TOKEN_ENCRYPTION_KEY: z
      .string()
      .refine((value) => {
        try {
          parseTokenKey(value);
          return true;
        } catch {
          return false;
        }
      }, 'must be 32 bytes, as 64 hex digits or base64')
      .optional()
      .meta({
        description:
          '32 bytes (64 hex digits or base64) encrypting Shopify access and refresh tokens at rest (AES-256-GCM)',
        whenUnset: 'sandbox: derived from the API secret; Shopify: required',
      }),
    /** Keys rotated out, comma-separated: they still decrypt what they encrypted. */
    TOKEN_ENCRYPTION_PREVIOUS_KEYS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .optional()
      .meta({
        description:
          'rotated-out keys, comma-separated: they still decrypt what they encrypted (docs/operations.md)',
      }),
    /**
     * The credential of the staff API (/operator/api, `Authorization: Bearer`). Unset: derived
     * from the app secret in sandbox mode (the local Shopify's control page holds it), and the
     * API is off in Shopify mode.
     */
    OPERATOR_API_TOKEN: z.string().min(32).optional().meta({
      description: 'the bearer credential of the staff API `/operator/api`, at least 32 characters',
      whenUnset: 'sandbox: derived from the API secret; Shopify: unset (staff API off)',
    }),
    SUPPORT_EMAIL: z
      .email()
      .default('support@popstage.app')
      .meta({ description: 'support address shown in every page footer' }),
    /** The help center's address; unset: the app's own `${APP_URL}/resources`. */
    HELP_CENTER_URL: z.url().optional().meta({
      description: 'help-center link in every page footer',
      whenUnset: '`$APP_URL/resources`',
    }),
    /**
     * Shopify mode only: allow the offline stand-ins for SMS, the bot check and push
     * (tests and demos of Shopify mode against a local Shopify). Never on a real deployment.
     */
    ALLOW_SANDBOX_SERVICES: booleanFlag.default(false).meta({
      description:
        'Shopify mode only: accept the sandbox SMS sender and the pass-all bot check (tests and demos against a local Shopify; never in production). Without it Shopify mode refuses to start without `OTP_PROVIDER=twilio` and `TURNSTILE_SECRET_KEY`, naming each',
    }),
    /** External data lake for app events; unset means this server's own /ingest endpoints. */
    DATA_LAKE_URL: z.url().optional().meta({
      description:
        'where the admin sends app events and product analytics (`/ingest/appevents`, `/ingest/productanalytics`)',
      whenUnset: 'unset: this server',
    }),
    /** Support widget key; defaults to a sandbox key when PLATFORM=sandbox (see loadConfig). */
    HELP_WIDGET_KEY: z.string().min(1).optional().meta({
      description:
        'support widget key; the support button shows only when set (Shopify mode then also needs the Zendesk keys)',
      whenUnset: 'sandbox: `sandbox-help-widget`; Shopify: unset',
    }),
    /** Signs the support widget's user JWT (Zendesk messaging); sandbox default when unset. */
    ZENDESK_SHARED_SECRET: z.string().min(16).optional().meta({
      description:
        "signs the support widget's user JWT (required with `HELP_WIDGET_KEY` in Shopify mode)",
      whenUnset: 'sandbox secret when `PLATFORM=sandbox`',
    }),
    /** The Zendesk messaging key id, the JWT header's kid. */
    ZENDESK_KEY_ID: z.string().min(1).optional().meta({
      description: "the Zendesk messaging key id (the JWT's `kid`)",
      whenUnset: '`sandbox-zendesk-key` when `PLATFORM=sandbox`',
    }),
    /**
     * Zendesk's Help Center (e.g. https://popstage.zendesk.com); unset: the Markdown articles of
     * content/help. Read as the shop's messaging user, so the Zendesk keys are needed with it.
     */
    ZENDESK_HELP_CENTER_URL: z.url().optional().meta({
      description:
        "Zendesk Help Center address (e.g. `https://popstage.zendesk.com`); read as the shop's messaging user, so `ZENDESK_SHARED_SECRET` and `ZENDESK_KEY_ID` are needed with it",
      whenUnset: 'unset: the Markdown articles of `content/help`',
    }),
    ZENDESK_HELP_CENTER_LOCALE: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]{2})?$/, 'must be a Zendesk locale such as en-us')
      .default('en-us')
      .meta({ description: 'the Help Center locale articles are read in' }),
    /** Who delivers phone verification codes: the sandbox outbox or Twilio (Messages API). */
    OTP_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox').meta({
      description:
        "`sandbox` (codes in /sandbox/outbox and the log) or `twilio` (SMS through Twilio's Messages API); Shopify mode refuses `sandbox`",
    }),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC\w+$/, 'must be a Twilio account SID (AC...)')
      .optional()
      .meta({
        description: 'Twilio account SID (`AC...`); required with `OTP_PROVIDER=twilio`',
      }),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional().meta({
      description: 'Twilio auth token; required with `OTP_PROVIDER=twilio`',
    }),
    /** Sender: an E.164 number or a Messaging Service SID (MG...). */
    TWILIO_FROM: z
      .string()
      .regex(/^(\+[1-9]\d{1,14}|MG\w+)$/, 'must be an E.164 number or a Messaging Service SID')
      .optional()
      .meta({
        description:
          'sender: an E.164 number or a Messaging Service SID (`MG...`); required with `OTP_PROVIDER=twilio`',
      }),
    /** Cloudflare Turnstile: set both to check the bot token before a code is sent. */
    TURNSTILE_SECRET_KEY: z.string().min(1).optional().meta({
      description:
        'Cloudflare Turnstile secret, checked before a code is sent; required with `OTP_PROVIDER=twilio`',
      whenUnset: 'unset: no bot check',
    }),
    TURNSTILE_SITE_KEY: z.string().min(1).optional().meta({
      description:
        "Turnstile site key the admin's widget uses; required with `TURNSTILE_SECRET_KEY`",
    }),
    /**
     * The live-selling platform's seller API; unset means Popstage's own live service, mounted by
     * this server at `/live-service` (every mode, Shopify too).
     */
    LIVE_PLATFORM_URL: z.url().optional().meta({
      description:
        "base URL of a live service's seller API running apart from this server (`…/live-service`)",
      whenUnset: "unset: this server's own live service at `$APP_URL/live-service`",
    }),
    LIVE_PLATFORM_API_KEY: z.string().min(1).optional().meta({
      description: 'bearer key for it; required with `LIVE_PLATFORM_URL`',
      whenUnset: "unset: derived from `SHOPIFY_API_SECRET` for this server's own live service",
    }),
    /** Live video in S3 (a CDN in front) rather than on this server's disk. */
    LIVE_MEDIA_S3_BUCKET: z.string().min(1).optional().meta({
      description:
        "bucket of the live service's video (HLS and replays), with the `S3_*` endpoint and credentials",
      whenUnset: 'unset: `$DATA_DIR/live-media`, served at `/live-service/media`',
    }),
    LIVE_MEDIA_BASE_URL: z.url().optional().meta({
      description:
        'public URL viewers fetch the live video from (the CDN in front of the bucket); required with `LIVE_MEDIA_S3_BUCKET`',
    }),
    /** RTMP ingest for streaming apps (OBS); unset runs none. */
    LIVE_RTMP_PORT: z.coerce.number().int().min(1).max(65535).optional().meta({
      description: 'port of the RTMP server that takes broadcasts from streaming apps such as OBS',
      whenUnset: 'unset: no RTMP ingest (the studio broadcasts from the browser)',
    }),
    LIVE_RTMP_HOST: z.string().min(1).optional().meta({
      description: 'host name streaming apps reach the RTMP server at',
      whenUnset: "unset: `APP_URL`'s host",
    }),
    /**
     * Push to Android through Firebase Cloud Messaging HTTP v1: the service-account key file's
     * JSON (project_id, client_email, private_key). Unset: the sandbox push service.
     */
    FCM_SERVICE_ACCOUNT_JSON: z
      .string()
      .refine((value) => {
        try {
          return fcmServiceAccountSchema.safeParse(JSON.parse(value)).success;
        } catch {
          return false;
        }
      }, 'must be a service-account key JSON with project_id, client_email and private_key')
      .optional()
      .meta({
        description:
          "the Firebase service-account key file's JSON; Android pushes go through FCM HTTP v1 (Shopify mode: required)",
        whenUnset: 'unset: the sandbox push service',
      }),
    FCM_API_URL: z
      .url()
      .default('https://fcm.googleapis.com')
      .meta({ description: 'where FCM v1 is called (a local fake in tests and the push bench)' }),
    /** Google's OAuth token endpoint (a local fake in tests and benches). */
    FCM_OAUTH_TOKEN_URL: z
      .url()
      .default('https://oauth2.googleapis.com/token')
      .meta({ description: "Google's OAuth token endpoint (a local fake in tests)" }),
    /** Push to iOS through APNs with token authentication (.p8 key, ES256). Unset: sandbox. */
    APNS_KEY_ID: z.string().min(1).optional().meta({
      description:
        'id of the APNs token-auth key; set the four APNs variables together (Shopify mode: required)',
      whenUnset: 'unset: the sandbox push service',
    }),
    APNS_TEAM_ID: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'the Apple developer team of the APNs key' }),
    /** The .p8 key's PEM text (newlines may be written as \n). */
    APNS_PRIVATE_KEY: z
      .string()
      .transform((value) => value.replaceAll('\\n', '\n'))
      .refine((value) => value.includes('PRIVATE KEY'), 'must be the .p8 key in PEM')
      .optional()
      .meta({
        description:
          "the APNs token-auth key: the .p8 file's PEM text (newlines may be written as `\\n`)",
      }),
    /** A shop's app bundle id is `${APNS_BUNDLE_PREFIX}.${shop handle}`. */
    APNS_BUNDLE_PREFIX: z.string().min(1).optional().meta({
      description: "a shop's app bundle id is `<prefix>.<shop handle>` (the apns-topic)",
    }),
    /** https://api.push.apple.com, or https://api.sandbox.push.apple.com for development builds. */
    APNS_URL: z.url().default('https://api.push.apple.com').meta({
      description: 'APNs host (`https://api.sandbox.push.apple.com` for development builds)',
    }),
    /**
     * Push requests in flight at once per provider (FCM, APNs); unset: 192 each
     * (DEFAULT_PUSH_LANES).
     * A crash resends at most the requests in flight, so it also bounds duplicates.
     */
    PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional().meta({
      description:
        'push requests in flight at once per provider; a crash resends at most these, so it also bounds duplicate pushes',
      whenUnset: '192 for each provider',
    }),
    /** New devices one address (IPv6: its /64) may register with one app per hour. */
    DEVICE_REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(20).meta({
      description:
        'new devices one client address (IPv6: its /64) may register with one app per hour',
    }),
    /** Where clip media lives: local disk served by this server's /media routes, or S3. */
    MEDIA_STORE: z.enum(['local', 's3']).default('local').meta({
      description:
        'where clip media lives: `local` (disk, signed URLs served by this server at `/media`) or `s3` (S3-compatible, presigned URLs)',
    }),
    /** Local media directory; default ${DATA_DIR}/media. */
    MEDIA_DIR: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'local media directory', whenUnset: '`$DATA_DIR/media`' }),
    /** Public URL of the /media routes (or a CDN in front of them); default ${APP_URL}/media. */
    MEDIA_BASE_URL: z.url().optional().meta({
      description:
        'public URL of the `/media` routes (or a CDN in front of them) that signed URLs point at',
      whenUnset: '`$APP_URL/media`',
    }),
    /** HMAC key of local signed media URLs (every web process needs the same one). */
    MEDIA_SIGNING_SECRET: z
      .string()
      .refine((value) => Buffer.byteLength(value) >= 32, 'must be at least 32 bytes')
      .optional()
      .meta({
        description:
          'HMAC key of local signed media URLs, at least 32 bytes; the same in every web process',
        whenUnset: 'derived from `SHOPIFY_API_SECRET`',
      }),
    S3_BUCKET: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'bucket of the media; required with `MEDIA_STORE=s3`' }),
    S3_REGION: z.string().min(1).default('us-east-1').meta({ description: "the bucket's region" }),
    /** For S3-compatible services (R2, MinIO...); unset means AWS. */
    S3_ENDPOINT: z.url().optional().meta({
      description: 'endpoint of an S3-compatible service (R2, MinIO...)',
      whenUnset: 'unset: AWS',
    }),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false).meta({
      description:
        'path-style URLs (`endpoint/bucket/key`), which most S3-compatible services need',
    }),
    /** Unset: the AWS SDK's default credential chain (environment, instance role...). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional().meta({
      description: 'access key; set together with `S3_SECRET_ACCESS_KEY`',
      whenUnset: "unset: the AWS SDK's default chain",
    }),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'secret key; set together with `S3_ACCESS_KEY_ID`' }),
    /** Instagram and TikTok import: bundled sample clips offline, or the public pages. */
    SOCIAL_IMPORTER: z.enum(['sandbox', 'web']).default('sandbox').meta({
      description:
        'Instagram/TikTok import: `sandbox` (any valid reel URL becomes a bundled sample clip, made with ffmpeg under `$DATA_DIR/social-samples`) or `web` (reads the public post page and streams its video, 100 MB and timeouts)',
    }),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .meta({ description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`' }),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(15000)
      .meta({ description: 'how long a graceful shutdown waits for in-flight jobs' }),
    JOBS_ENABLED: booleanFlag
      .default(true)
      .meta({ description: '`false` keeps an `all` process from running workers' }),
    /** Bearer token of GET /metrics (Prometheus); unset: /metrics only in sandbox mode. */
    METRICS_TOKEN: z.string().min(16).optional().meta({
      description: 'bearer token of `GET /metrics` (Prometheus), at least 16 characters',
      whenUnset: 'unset: `/metrics` only in sandbox mode',
    }),
    /** Requests per shop and minute on the admin API (/api): 429 with Retry-After beyond. */
    API_RATE_LIMIT: z.coerce.number().int().min(1).default(1200).meta({
      description:
        'requests per shop and minute on the admin API (`/api`): 429 with Retry-After beyond',
    }),
    /** Milliseconds a request body may take to arrive (408 after); uploads get UPLOAD_BODY_... */
    REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000).meta({
      description:
        'milliseconds a request body may take to arrive (408 after); uploads get `UPLOAD_BODY_TIMEOUT_MS`',
    }),
    /** Milliseconds an upload to a signed media URL may take (100 MB at about 1 Mbit/s). */
    UPLOAD_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(900_000).meta({
      description:
        'milliseconds an upload to a signed media URL may take (100 MB at about 1 Mbit/s)',
    }),
    /** Requests per client IP and minute on the public storefront API (/storefront/v1). */
    STOREFRONT_RATE_LIMIT: z.coerce.number().int().min(1).default(600).meta({
      description:
        'requests per client IP and minute on the public storefront API (`/storefront/v1`)',
    }),
    /**
     * Views and likes one client address may add to a clip in a UTC day (features/storefront/
     * address-caps.ts). Raised only where tests drive many shoppers from one address.
     */
    STOREFRONT_VIEWS_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .default(VIEWS_PER_ADDRESS_CLIP_DAY)
      .meta({
        description:
          'distinct visitors of one network (an IPv4 address or an IPv6 /64) whose views count on a clip in a UTC day (raised only where tests drive many shoppers from one address)',
      }),
    STOREFRONT_LIKES_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .default(LIKES_PER_ADDRESS_CLIP_DAY)
      .meta({
        description:
          'distinct visitors of one network (an IPv4 address or an IPv6 /64) whose likes count on a clip in a UTC day',
      }),
    /**
     * Views one site (IPv4 address, IPv6 /48) may add to a shop in a UTC day, all clips together:
     * the lock-out bound. Raised only where tests and benches drive many shoppers from one address.
     */
    STOREFRONT_VIEWS_PER_SITE: z.coerce.number().int().min(1).default(VIEWS_PER_SITE_DAY).meta({
      description:
        "views one site (an IPv4 address or an IPv6 /48) may add to a shop in a UTC day, all clips together: the bound that keeps one network from using up a shop's monthly views",
    }),
    /** New visitor ids per client address and hour (POST /storefront/v1/shops/:shop/visitors). */
    STOREFRONT_VISITORS_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .default(VISITORS_PER_ADDRESS_HOUR)
      .meta({
        description:
          'new visitor ids per client address (an IPv4 address or an IPv6 /64) and hour (`POST /storefront/v1/shops/:shop/visitors`)',
      }),
    /**
     * New visitor ids per site (IPv4 address, IPv6 /48) and shop per hour: a /48 holds 65,536
     * /64s, each with the per-address allowance above (issue 28).
     */
    STOREFRONT_VISITORS_PER_SITE: z.coerce
      .number()
      .int()
      .min(1)
      .default(VISITORS_PER_SITE_HOUR)
      .meta({
        description:
          'new visitor ids one site (an IPv4 address or an IPv6 /48) may be issued for one shop per hour, all its /64s together',
      }),
    /**
     * Seconds each process keeps a shop's assembled storefront feed (0: off). At most 60, the
     * feed's Cache-Control max-age: browsers and CDNs may already serve it that stale.
     */
    STOREFRONT_FEED_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5).meta({
      description:
        "seconds each process keeps a shop's assembled storefront feed (0: off, at most 60); an admin change shows at once from the process that saved it, other changes within this time",
    }),
    /**
     * Days raw storefront events are kept (the hourly prune job deletes older ones). At least 62:
     * the view dedupe (30 min), sales attribution (7 days) and a this-month-against-last-month
     * dashboard all read raw events; the default keeps 13 months for year-over-year months.
     */
    STOREFRONT_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(62).max(3650).default(400).meta({
      description:
        'days raw storefront events are kept (at least 62); an hourly job deletes older ones, the view and like totals stay',
    }),
    /**
     * Behind a load balancer: 'true' or the number of proxy hops to trust in X-Forwarded-For, so
     * request.ip (per-IP OTP limits) is the client's. Off by default: a directly exposed server
     * must not believe a forged header.
     */
    TRUST_PROXY: z
      .union([booleanFlag, z.coerce.number().int().min(1).max(10)])
      .default(false)
      .meta({
        description:
          'behind a load balancer: `true` or the number of proxy hops to trust in `X-Forwarded-For` (per-IP OTP limits)',
      }),
  })
  .superRefine((env, ctx) => {
    if (env.PLATFORM === 'shopify' && !env.ALLOW_SANDBOX_SERVICES) {
      // Each stand-in would look like it works while doing nothing real for merchants.
      const standIns = [
        [
          'OTP_PROVIDER',
          env.OTP_PROVIDER !== 'twilio',
          'must be twilio when PLATFORM=shopify (the sandbox sender sends no SMS)',
        ],
        [
          'TURNSTILE_SECRET_KEY',
          !env.TURNSTILE_SECRET_KEY,
          'must be set when PLATFORM=shopify (without it every bot check passes)',
        ],
        [
          'FCM_SERVICE_ACCOUNT_JSON',
          !env.FCM_SERVICE_ACCOUNT_JSON,
          'must be set when PLATFORM=shopify (the sandbox push service reaches no Android phone)',
        ],
        [
          'APNS_KEY_ID',
          !env.APNS_KEY_ID,
          'must be set when PLATFORM=shopify (the sandbox push service reaches no iPhone)',
        ],
      ] as const;
      for (const [name, missing, message] of standIns) {
        if (missing) ctx.addIssue({ code: 'custom', path: [name], message });
      }
    }
    if (env.PLATFORM === 'shopify') {
      if (env.TOKEN_ENCRYPTION_KEY === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['TOKEN_ENCRYPTION_KEY'],
          message: 'must be set when PLATFORM=shopify (it encrypts Shopify tokens at rest)',
        });
      }
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
    if (env.LIVE_MEDIA_S3_BUCKET) {
      requireWith('LIVE_MEDIA_S3_BUCKET is set', ['LIVE_MEDIA_BASE_URL']);
    }
    if (env.APNS_KEY_ID || env.APNS_TEAM_ID || env.APNS_PRIVATE_KEY || env.APNS_BUNDLE_PREFIX) {
      requireWith('APNs is configured', [
        'APNS_KEY_ID',
        'APNS_TEAM_ID',
        'APNS_PRIVATE_KEY',
        'APNS_BUNDLE_PREFIX',
      ]);
    }
    if (env.MEDIA_STORE === 's3') requireWith('MEDIA_STORE=s3', ['S3_BUCKET']);
    if (env.S3_ACCESS_KEY_ID) requireWith('S3_ACCESS_KEY_ID is set', ['S3_SECRET_ACCESS_KEY']);
    if (env.S3_SECRET_ACCESS_KEY) requireWith('S3_SECRET_ACCESS_KEY is set', ['S3_ACCESS_KEY_ID']);
    if (env.ZENDESK_HELP_CENTER_URL) {
      requireWith('ZENDESK_HELP_CENTER_URL is set', ['ZENDESK_SHARED_SECRET', 'ZENDESK_KEY_ID']);
    }
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

export type Config = z.infer<typeof configSchema> & {
  APP_URL: string;
  TOKEN_ENCRYPTION_KEY: string;
  HELP_CENTER_URL: string;
  MEDIA_DIR: string;
  MEDIA_BASE_URL: string;
  MEDIA_SIGNING_SECRET: string;
};

/** The media signing key when none is set: derived from the app secret, so no new secret is needed. */
export function deriveMediaSigningSecret(apiSecret: string): string {
  return createHmac('sha256', apiSecret).update('popstage:media-signing:v1').digest('hex');
}

/** The sandbox's token key when none is set (Shopify mode requires its own). */
function deriveTokenEncryptionKey(apiSecret: string): string {
  return createHmac('sha256', apiSecret).update('popstage:token-encryption:v1').digest('hex');
}

/** The sandbox's staff credential when none is set (the local Shopify in this process is handed it). */
export function deriveOperatorToken(apiSecret: string): string {
  return createHmac('sha256', apiSecret).update('popstage:operator-api:v1').digest('hex');
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const sandbox = config.PLATFORM === 'sandbox';
  const standIns = sandbox || config.ALLOW_SANDBOX_SERVICES;
  const appUrl = config.APP_URL ?? `http://localhost:${config.PORT}`;
  return {
    ...config,
    APP_URL: appUrl,
    MEDIA_DIR: config.MEDIA_DIR ?? path.join(config.DATA_DIR, 'media'),
    MEDIA_BASE_URL: (config.MEDIA_BASE_URL ?? `${appUrl.replace(/\/+$/, '')}/media`).replace(
      /\/+$/,
      '',
    ),
    MEDIA_SIGNING_SECRET:
      config.MEDIA_SIGNING_SECRET ?? deriveMediaSigningSecret(config.SHOPIFY_API_SECRET),
    TOKEN_ENCRYPTION_KEY:
      config.TOKEN_ENCRYPTION_KEY ?? deriveTokenEncryptionKey(config.SHOPIFY_API_SECRET),
    HELP_CENTER_URL: config.HELP_CENTER_URL ?? `${appUrl.replace(/\/+$/, '')}/resources`,
    OPERATOR_API_TOKEN:
      config.OPERATOR_API_TOKEN ??
      (sandbox ? deriveOperatorToken(config.SHOPIFY_API_SECRET) : undefined),
    // The support desk stand-in is one of the offline services ALLOW_SANDBOX_SERVICES allows.
    HELP_WIDGET_KEY:
      config.HELP_WIDGET_KEY ?? (standIns ? SANDBOX_DEFAULTS.HELP_WIDGET_KEY : undefined),
    ZENDESK_SHARED_SECRET:
      config.ZENDESK_SHARED_SECRET ??
      (standIns ? SANDBOX_DEFAULTS.ZENDESK_SHARED_SECRET : undefined),
    ZENDESK_KEY_ID:
      config.ZENDESK_KEY_ID ?? (standIns ? SANDBOX_DEFAULTS.ZENDESK_KEY_ID : undefined),
  };
}
