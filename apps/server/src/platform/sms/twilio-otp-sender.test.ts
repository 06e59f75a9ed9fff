import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttp, startFakeHttp } from '../testing/fake-http';
import { OtpDeliveryError } from './port';
import { createTwilioOtpSender } from './twilio-otp-sender';

let fake: FakeHttp;
beforeAll(async () => {
  fake = await startFakeHttp();
});
afterAll(() => fake.close());

const message = {
  to: '+15551234567',
  code: '042042',
  expiresInMinutes: 10,
  shopDomain: 'a.myshopify.com',
};
const sender = (from = '+15550001111') =>
  createTwilioOtpSender({ accountSid: 'AC123', authToken: 'tok', from, baseUrl: fake.url });

describe('Twilio OTP sender', () => {
  it('posts the code to the Messages API with basic auth', async () => {
    fake.respond(201, { sid: 'SM1', status: 'queued' });
    await sender().send(message);
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC123:tok').toString('base64')}`,
    );
    const form = new URLSearchParams(request?.body);
    expect(form.get('To')).toBe('+15551234567');
    expect(form.get('From')).toBe('+15550001111');
    expect(form.get('Body')).toContain('042042');
  });

  it('uses a Messaging Service SID as the sender when given one', async () => {
    fake.respond(201, { sid: 'SM2' });
    await sender('MG999').send(message);
    const form = new URLSearchParams(fake.requests.at(-1)?.body);
    expect(form.get('MessagingServiceSid')).toBe('MG999');
    expect(form.get('From')).toBeNull();
  });

  it('flags an invalid number, and fails otherwise', async () => {
    fake.respond(400, { code: 21211, message: "The 'To' number is not a valid phone number." });
    const invalid = await sender()
      .send(message)
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(OtpDeliveryError);
    expect((invalid as OtpDeliveryError).invalidNumber).toBe(true);
    fake.respond(500, {});
    const failed = await sender()
      .send(message)
      .catch((error: unknown) => error);
    expect((failed as OtpDeliveryError).invalidNumber).toBe(false);
  });
});
