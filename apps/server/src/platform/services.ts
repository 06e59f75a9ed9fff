import type { Config } from '../config';
import type { Db } from '../db/client';
import { type BotCheck, sandboxBotCheck } from './botcheck/port';
import { createTurnstileBotCheck } from './botcheck/turnstile';
import type { Clock } from './clock';
import { createMarkdownHelpCenter } from './help/markdown-help-center';
import type { HelpCenter } from './help/port';
import { createZendeskHelpCenter } from './help/zendesk-help-center';
import { createHttpLivePlatform } from './live/http-live-platform';
import { ownLiveServiceKey, ownLiveServiceUrl } from './live/own-live-service';
import type { LivePlatform } from './live/port';
import type { OtpSender } from './sms/port';
import { createSandboxOtpSender } from './sms/sandbox-otp-sender';
import { createTwilioOtpSender } from './sms/twilio-otp-sender';
import { createSocialImporter } from './social';
import type { SocialImporter } from './social/port';
import { createMediaStore } from './storage/from-config';
import type { ObjectStore } from './storage/port';

/**
 * The adapters of the external services (SMS, bot check, live platform, media storage, social
 * import, help center), each picked by its own
 * variables: unset means its offline sandbox stand-in (for the live platform: this server's own
 * live service, reached in process by `liveFetch`). Config validation already made sure a
 * chosen real adapter has every variable it needs.
 */
export function createServicePorts(
  config: Config,
  db: Db,
  clock: Clock,
  liveFetch: typeof fetch,
): {
  otp: OtpSender;
  botCheck: BotCheck;
  live: LivePlatform;
  media: ObjectStore;
  social: SocialImporter;
  helpCenter: HelpCenter;
} {
  const otp =
    config.OTP_PROVIDER === 'twilio'
      ? createTwilioOtpSender({
          accountSid: required(config.TWILIO_ACCOUNT_SID),
          authToken: required(config.TWILIO_AUTH_TOKEN),
          from: required(config.TWILIO_FROM),
        })
      : createSandboxOtpSender(db, { now: () => clock.now() });
  const botCheck = config.TURNSTILE_SECRET_KEY
    ? createTurnstileBotCheck({
        secretKey: config.TURNSTILE_SECRET_KEY,
        siteKey: config.TURNSTILE_SITE_KEY ?? null,
      })
    : sandboxBotCheck;
  const live = config.LIVE_PLATFORM_URL
    ? createHttpLivePlatform({
        baseUrl: config.LIVE_PLATFORM_URL,
        apiKey: required(config.LIVE_PLATFORM_API_KEY),
      })
    : createHttpLivePlatform({
        baseUrl: ownLiveServiceUrl(config),
        apiKey: ownLiveServiceKey(config),
        fetch: liveFetch,
      });
  const media = createMediaStore(config, clock);
  const helpCenter = config.ZENDESK_HELP_CENTER_URL
    ? createZendeskHelpCenter({
        baseUrl: config.ZENDESK_HELP_CENTER_URL,
        locale: config.ZENDESK_HELP_CENTER_LOCALE,
        keys: {
          keyId: required(config.ZENDESK_KEY_ID),
          sharedSecret: required(config.ZENDESK_SHARED_SECRET),
        },
        now: () => clock.now(),
      })
    : createMarkdownHelpCenter();
  return { otp, botCheck, live, media, social: createSocialImporter(config), helpCenter };
}

function required(value: string | undefined): string {
  if (value === undefined) throw new Error('a required service variable is missing');
  return value;
}
