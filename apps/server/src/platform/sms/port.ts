/**
 * OtpSender: delivers a one-time password we generated (and keep hashed) to a phone by SMS.
 * Adapters: the sandbox outbox (default, offline) and Twilio's Messages API.
 */
export interface OtpMessage {
  /** E.164. */
  to: string;
  code: string;
  expiresInMinutes: number;
  /** The shop asking, for the provider's records and the sandbox outbox. */
  shopDomain: string;
}

export interface OtpSender {
  readonly kind: 'sandbox' | 'twilio';
  send(message: OtpMessage): Promise<void>;
}

/** The provider refused or failed; invalidNumber when it says the number cannot get SMS. */
export class OtpDeliveryError extends Error {
  constructor(
    message: string,
    readonly invalidNumber = false,
  ) {
    super(message);
  }
}

export function otpText(message: OtpMessage): string {
  return `${message.code} is your Popstage verification code. It expires in ${message.expiresInMinutes} minutes. Do not share it.`;
}
