import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../clock';
import { createApnsChannel } from './apns-channel';
import { fcmServiceAccountSchema } from './fcm-account';
import { createFcmChannel } from './fcm-channel';
import type { PushSender } from './port';
import type { PushRetryOptions } from './retry';
import { createSandboxPushChannel } from './sandbox-push-channel';

/**
 * Each platform's channel from the configuration: FCM for Android and APNs for iOS when their
 * credentials are set, the sandbox push service otherwise; sandbox devices (the local Shopify's
 * app preview) only where the sandbox service is allowed. `retry` tunes FCM's and APNs' retries
 * of 429 and 5xx answers (tests pass an instant sleep); their window runs on `clock`.
 */
export function createPushSender(
  config: Config,
  db: Db,
  clock: Clock,
  retry: Omit<PushRetryOptions, 'now'> = {},
): PushSender {
  const sandbox = createSandboxPushChannel(db, () => clock.now());
  const standIns = config.PLATFORM === 'sandbox' || config.ALLOW_SANDBOX_SERVICES;
  const android = config.FCM_SERVICE_ACCOUNT_JSON
    ? createFcmChannel({
        serviceAccount: fcmServiceAccountSchema.parse(JSON.parse(config.FCM_SERVICE_ACCOUNT_JSON)),
        apiUrl: config.FCM_API_URL,
        tokenUrl: config.FCM_OAUTH_TOKEN_URL,
        ...(config.PUSH_CONCURRENCY ? { concurrency: config.PUSH_CONCURRENCY } : {}),
        retry: { ...retry, now: () => clock.now().getTime() },
      })
    : sandbox;
  const ios =
    config.APNS_KEY_ID &&
    config.APNS_TEAM_ID &&
    config.APNS_PRIVATE_KEY &&
    config.APNS_BUNDLE_PREFIX
      ? createApnsChannel({
          keyId: config.APNS_KEY_ID,
          teamId: config.APNS_TEAM_ID,
          privateKey: config.APNS_PRIVATE_KEY,
          bundlePrefix: config.APNS_BUNDLE_PREFIX,
          url: config.APNS_URL,
          ...(config.PUSH_CONCURRENCY ? { concurrency: config.PUSH_CONCURRENCY } : {}),
          now: () => clock.now(),
          retry,
        })
      : sandbox;
  const channels = { android, ios, ...(standIns ? { sandbox } : {}) };
  return {
    channels,
    async close() {
      await Promise.all([android.close?.(), ios.close?.()]);
    },
  };
}
