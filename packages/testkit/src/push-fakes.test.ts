import {
  type ClientHttp2Session,
  connect,
  constants,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeApnsKey,
  fakeFcmServiceAccount,
  type PushFake,
  startFakeApns,
  startFakeFcm,
} from './push-fakes';

/** One request on an HTTP/2 session: status, headers and body. */
function post(session: ClientHttp2Session, headers: OutgoingHttpHeaders, body: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const stream = session.request({ [constants.HTTP2_HEADER_METHOD]: 'POST', ...headers });
      let answered: IncomingHttpHeaders = {};
      let text = '';
      stream.on('response', (received) => {
        answered = received;
      });
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      stream.on('end', () =>
        resolve({
          status: Number(answered[constants.HTTP2_HEADER_STATUS]),
          headers: answered,
          body: text,
        }),
      );
      stream.on('error', reject);
      stream.end(body);
    },
  );
}

/** The fakes' transient refusals: the next N requests refused (429/500/503), then as usual. */
describe('FCM fake refusals', () => {
  const account = fakeFcmServiceAccount('fake-test');
  let fcm: PushFake & { tokenUrl: string };
  let session: ClientHttp2Session;
  let accessToken: string;
  // FCM v1 over HTTP/2, as the FCM channel sends.
  const send = (target: { token: string } | { topic: string }) =>
    post(
      session,
      {
        [constants.HTTP2_HEADER_PATH]: '/v1/projects/fake-test/messages:send',
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
      },
      JSON.stringify({ message: { ...target, notification: { title: 't', body: 'b' } } }),
    );

  beforeAll(async () => {
    fcm = await startFakeFcm({
      projectId: 'fake-test',
      clientEmail: account.serviceAccount.client_email,
      publicKey: account.publicKey,
    });
    const assertion = await new SignJWT({
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
    })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(account.serviceAccount.client_email)
      .setAudience('https://oauth2.googleapis.com/token')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importPKCS8(account.serviceAccount.private_key, 'RS256'));
    const answer = await fetch(fcm.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
    });
    accessToken = ((await answer.json()) as { access_token: string }).access_token;
    session = connect(fcm.url);
  });
  afterAll(async () => {
    session.close();
    await fcm.close();
  });

  it('answers 429 QUOTA_EXCEEDED with Retry-After to a token twice, then delivers', async () => {
    fcm.refuse({ status: 429, times: 2, retryAfter: 3, target: 'busy' });
    const other = await send({ token: 'calm' });
    expect(other.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const refused = await send({ token: 'busy' });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('3');
      expect(JSON.parse(refused.body)).toMatchObject({
        error: { status: 'RESOURCE_EXHAUSTED', details: [{ errorCode: 'QUOTA_EXCEEDED' }] },
      });
    }
    expect((await send({ token: 'busy' })).status).toBe(200);
    expect(fcm.attempts('busy')).toBe(3);
    expect(fcm.delivered.filter((delivery) => delivery.target === 'busy')).toHaveLength(1);
  });

  it('answers 503 UNAVAILABLE without Retry-After to any target', async () => {
    fcm.refuse({ status: 503, times: 1 });
    const refused = await send({ topic: 'shop-1' });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(JSON.parse(refused.body)).toMatchObject({ error: { status: 'UNAVAILABLE' } });
    expect((await send({ topic: 'shop-1' })).status).toBe(200);
    expect(fcm.attempts('/topics/shop-1')).toBe(2);
  });
});

describe('APNs fake refusals', () => {
  const key = fakeApnsKey();
  let apns: PushFake;
  const token = 'c'.repeat(64);

  beforeAll(async () => {
    apns = await startFakeApns({ ...key, bundlePrefix: 'app.fake' });
  });
  afterAll(() => apns.close());

  it('answers 429 TooManyRequests, then 503 with Retry-After, then delivers', async () => {
    apns.refuse({ status: 429, times: 1, target: token });
    apns.refuse({ status: 503, times: 1, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' });
    const jwt = await new SignJWT({ iss: key.teamId, iat: Math.floor(Date.now() / 1000) })
      .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
      .sign(await importPKCS8(key.privateKey, 'ES256'));
    const session = connect(apns.url);
    const send = async () => {
      const answer = await post(
        session,
        {
          [constants.HTTP2_HEADER_PATH]: `/3/device/${token}`,
          authorization: `bearer ${jwt}`,
          'apns-topic': 'app.fake.shop',
        },
        JSON.stringify({ aps: { alert: { title: 't', body: 'b' } } }),
      );
      return { ...answer, retryAfter: answer.headers['retry-after'] };
    };
    try {
      const first = await send();
      expect([first.status, JSON.parse(first.body).reason, first.retryAfter]).toEqual([
        429,
        'TooManyRequests',
        undefined,
      ]);
      const second = await send();
      expect([second.status, JSON.parse(second.body).reason, second.retryAfter]).toEqual([
        503,
        'ServiceUnavailable',
        'Wed, 21 Oct 2015 07:28:00 GMT',
      ]);
      expect((await send()).status).toBe(200);
    } finally {
      session.close();
    }
    expect(apns.attempts(token)).toBe(3);
    expect(apns.delivered).toHaveLength(1);
  });
});
