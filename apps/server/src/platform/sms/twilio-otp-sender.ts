import { OtpDeliveryError, type OtpSender, otpText } from './port';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A sender number (E.164) or a Messaging Service SID (MG...). */
  from: string;
  /** Tests point this at a local fake. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** Twilio error codes meaning the number itself cannot receive the code. */
const INVALID_NUMBER_CODES = new Set([21211, 21214, 21614]);

/**
 * Delivers our own code with Twilio's Messages API (not Verify): the code, its expiry, attempts
 * and limits stay in our database, so the rules are the same with any provider.
 * https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 */
export function createTwilioOtpSender(options: TwilioOptions): OtpSender {
  const base = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    kind: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: otpText(message) });
      form.set(options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', options.from);
      const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: `Basic ${auth}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new OtpDeliveryError(`Twilio unreachable: ${(error as Error).message}`);
      }
      if (response.ok) return;
      const body = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
      throw new OtpDeliveryError(
        `Twilio answered ${response.status}: ${body.code ?? ''} ${body.message ?? ''}`.trim(),
        body.code !== undefined && INVALID_NUMBER_CODES.has(body.code),
      );
    },
  };
}
