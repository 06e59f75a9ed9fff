import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { SHOPIFY_MODE_ENV } from './test/app';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      ROLE: 'all',
      PLATFORM: 'sandbox',
      DATA_DIR: './data',
      APP_URL: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lets PORT override the port and the default app URL', () => {
    const config = loadConfig({ PORT: '4100' });
    expect(config.PORT).toBe(4100);
    expect(config.APP_URL).toBe('http://localhost:4100');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['ROLE', 'scheduler'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PLATFORM', 'magento'],
    ['SUPPORT_EMAIL', 'not-an-email'],
  ])('names %s when its value %s is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}:`),
    );
  });

  it('requires real Shopify credentials in shopify mode', () => {
    expect(() => loadConfig({ PLATFORM: 'shopify' })).toThrow(/SHOPIFY_API_KEY: must be set/);
    const config = loadConfig({ ...SHOPIFY_MODE_ENV });
    expect(config.PLATFORM).toBe('shopify');
  });

  it('refuses shopify mode without its own TOKEN_ENCRYPTION_KEY, even with the stand-ins allowed', () => {
    const { TOKEN_ENCRYPTION_KEY: _key, ...rest } = SHOPIFY_MODE_ENV;
    // Sandbox mode derives a key from the API secret; Shopify mode must never fall back to that.
    expect(() => loadConfig(rest)).toThrow(ConfigError);
    expect(() => loadConfig(rest)).toThrow(
      /TOKEN_ENCRYPTION_KEY: must be set when PLATFORM=shopify/,
    );
    expect(() => loadConfig({ ...rest, ALLOW_SANDBOX_SERVICES: 'true' })).toThrow(
      /TOKEN_ENCRYPTION_KEY: must be set when PLATFORM=shopify/,
    );
    expect(() => loadConfig({ ...rest, TOKEN_ENCRYPTION_KEY: 'too-short' })).toThrow(
      /TOKEN_ENCRYPTION_KEY: must be 32 bytes/,
    );
    expect(loadConfig({ ...SHOPIFY_MODE_ENV }).TOKEN_ENCRYPTION_KEY).toBe(
      SHOPIFY_MODE_ENV.TOKEN_ENCRYPTION_KEY,
    );
  });

  it('refuses the offline stand-ins in shopify mode, naming each variable', () => {
    const {
      OTP_PROVIDER: _otp,
      TURNSTILE_SECRET_KEY: _bot,
      FCM_SERVICE_ACCOUNT_JSON: _fcm,
      APNS_KEY_ID: _apnsKey,
      APNS_TEAM_ID: _apnsTeam,
      APNS_PRIVATE_KEY: _apnsPem,
      APNS_BUNDLE_PREFIX: _apnsBundle,
      ...rest
    } = SHOPIFY_MODE_ENV;
    const attempt = () => loadConfig(rest);
    expect(attempt).toThrow(/OTP_PROVIDER: must be twilio when PLATFORM=shopify/);
    expect(attempt).toThrow(/TURNSTILE_SECRET_KEY: must be set when PLATFORM=shopify/);
    // The live platform is the app's own service unless LIVE_PLATFORM_URL names another.
    expect(attempt).not.toThrow(/LIVE_PLATFORM_URL/);
    expect(attempt).toThrow(/FCM_SERVICE_ACCOUNT_JSON: must be set when PLATFORM=shopify/);
    expect(attempt).toThrow(/APNS_KEY_ID: must be set when PLATFORM=shopify/);
    // Shopify mode against a local Shopify (tests, demos) may opt in to them.
    expect(loadConfig({ ...rest, ALLOW_SANDBOX_SERVICES: 'true' }).OTP_PROVIDER).toBe('sandbox');
  });

  it('checks the push credentials: a service-account JSON, and every APNs variable together', () => {
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT_JSON: '{"project_id":"p"}' })).toThrow(
      /FCM_SERVICE_ACCOUNT_JSON: must be a service-account key JSON/,
    );
    expect(() => loadConfig({ APNS_KEY_ID: 'ABC123DEFG' })).toThrow(
      /APNS_TEAM_ID: must be set when APNs is configured/,
    );
    const config = loadConfig({ ...SHOPIFY_MODE_ENV });
    expect(config.APNS_PRIVATE_KEY).toContain('\n(not a key)\n');
    expect(config.FCM_API_URL).toBe('https://fcm.googleapis.com');
  });

  it("defaults the help center to the app's own /resources", () => {
    expect(loadConfig({ APP_URL: 'https://app.example.com/' }).HELP_CENTER_URL).toBe(
      'https://app.example.com/resources',
    );
    expect(loadConfig({ HELP_CENTER_URL: 'https://help.example.com' }).HELP_CENTER_URL).toBe(
      'https://help.example.com',
    );
    // Without APP_URL it follows the port (the footer and the live page's Learn More).
    expect(loadConfig({ PORT: '4123' }).HELP_CENTER_URL).toBe('http://localhost:4123/resources');
  });

  it('defaults the help widget and its Zendesk keys in sandbox mode only', () => {
    expect(loadConfig({})).toMatchObject({
      HELP_WIDGET_KEY: 'sandbox-help-widget',
      ZENDESK_KEY_ID: 'sandbox-zendesk-key',
      ZENDESK_SHARED_SECRET: expect.any(String),
    });
    const shopify = { ...SHOPIFY_MODE_ENV };
    expect(loadConfig(shopify).HELP_WIDGET_KEY).toBeUndefined();
    expect(() => loadConfig({ ...shopify, HELP_WIDGET_KEY: 'widget' })).toThrow(
      /ZENDESK_SHARED_SECRET: must be set when HELP_WIDGET_KEY is set/,
    );
  });

  it('needs Twilio credentials and a real bot check for OTP_PROVIDER=twilio', () => {
    expect(() => loadConfig({ OTP_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID: must be set/);
    expect(() =>
      loadConfig({
        OTP_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+15550001111',
      }),
    ).toThrow(/TURNSTILE_SECRET_KEY: must be set/);
    expect(() => loadConfig({ TWILIO_FROM: '5550001111' })).toThrow(/TWILIO_FROM:/);
    const config = loadConfig({
      OTP_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: 'MG1',
      TURNSTILE_SECRET_KEY: 's',
      TURNSTILE_SITE_KEY: 'k',
    });
    expect(config.OTP_PROVIDER).toBe('twilio');
  });

  it('needs an API key with LIVE_PLATFORM_URL, and a public URL with a live media bucket', () => {
    expect(() => loadConfig({ LIVE_PLATFORM_URL: 'https://live.example.com' })).toThrow(
      /LIVE_PLATFORM_API_KEY: must be set/,
    );
    expect(() => loadConfig({ LIVE_MEDIA_S3_BUCKET: 'live-media' })).toThrow(
      /LIVE_MEDIA_BASE_URL: must be set/,
    );
  });

  it('reads TRUST_PROXY as a flag or a hop count', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('defaults media to local disk under DATA_DIR, served at APP_URL/media', () => {
    const config = loadConfig({ DATA_DIR: '/var/popstage', APP_URL: 'https://app.example.com/' });
    expect(config).toMatchObject({
      MEDIA_STORE: 'local',
      MEDIA_DIR: '/var/popstage/media',
      MEDIA_BASE_URL: 'https://app.example.com/media',
      SOCIAL_IMPORTER: 'sandbox',
    });
    // Derived from the app secret: 64 hex characters, stable, and different per secret.
    expect(config.MEDIA_SIGNING_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).MEDIA_SIGNING_SECRET).toBe(loadConfig({}).MEDIA_SIGNING_SECRET);
    expect(
      loadConfig({ SHOPIFY_API_SECRET: 'another-secret-of-16' }).MEDIA_SIGNING_SECRET,
    ).not.toBe(loadConfig({}).MEDIA_SIGNING_SECRET);
    expect(() => loadConfig({ MEDIA_SIGNING_SECRET: 'short' })).toThrow(/MEDIA_SIGNING_SECRET/);
  });

  it('needs a bucket for S3 media, and both halves of a key pair', () => {
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET: must be set/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    const config = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
  });
});
