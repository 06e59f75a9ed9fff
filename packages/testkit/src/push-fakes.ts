import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import {
  constants,
  createServer as createHttp2Server,
  type Http2Server,
  type Http2ServerRequest,
  type ServerHttp2Session,
} from 'node:http2';
import type { AddressInfo, Server } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';

/**
 * Local stand-ins for Firebase Cloud Messaging HTTP v1 (with Google's OAuth token endpoint) and
 * APNs over HTTP/2, speaking their protocols: adapter tests, e2e and the push bench send to them.
 * Each keeps what it delivered (or only counts, for the bench) and refuses dead tokens the way
 * the real service does (FCM 404 UNREGISTERED, APNs 410 Unregistered). `refuse` makes it answer
 * the next requests as an overloaded service does (429, 500, 503, with or without Retry-After).
 */

export interface FakeDelivery {
  /** The FCM token or topic, or the APNs device token. */
  target: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  /** APNs: the apns-topic header (the app's bundle id). */
  appTopic?: string;
}

export interface PushFake {
  url: string;
  delivered: FakeDelivery[];
  /** Deliveries so far (also when `keep` is off). */
  count(): number;
  /** When the last delivery was accepted (performance.now()), or null. */
  lastDeliveryAt(): number | null;
  /** Deliveries to one target so far (also when `keep` is off): a duplicate shows as 2. */
  deliveriesTo(target: string): number;

  /** Tokens the service answers as dead. */
  unregistered: Set<string>;
  /** Answers the next `times` requests (for `target`, or any) with a transient refusal. */
  refuse(refusal: TransientRefusal): void;
  /**
   * Send requests that reached the service for a target (FCM token or /topics/..., APNs device
   * token), refused ones included.
   */
  attempts(target: string): number;
  close(): Promise<void>;
}

/** A refusal the real service gives when it is overloaded or rate limits the sender. */
export interface TransientRefusal {
  /**
   * FCM: 429 QUOTA_EXCEEDED, 500 INTERNAL, 503 UNAVAILABLE; APNs: 429 TooManyRequests, 500
   * InternalServerError, 503 ServiceUnavailable.
   */
  status: 429 | 500 | 503;
  /** How many requests are refused; the service answers as usual after them. */
  times: number;
  /** The Retry-After header (delay seconds, or an HTTP date), when given. */
  retryAfter?: number | string;
  /** Only requests for this FCM token or topic (/topics/...) or APNs device token; else any. */
  target?: string;
  /** APNs only: the body's reason (TooManyProviderTokenUpdates...); else the status's usual one. */
  reason?: string;
}

/** The refusals still to give, and how many send requests each target made. */
function refusals() {
  const pending: (TransientRefusal & { left: number })[] = [];
  const tries = new Map<string, number>();
  return {
    add(refusal: TransientRefusal) {
      pending.push({ ...refusal, left: refusal.times });
    },
    /** Counts a request for `target`; the refusal it gets, or null. */
    take(target: string): TransientRefusal | null {
      tries.set(target, (tries.get(target) ?? 0) + 1);
      const refusal = pending.find(
        (candidate) => candidate.left > 0 && (!candidate.target || candidate.target === target),
      );
      if (!refusal) return null;
      refusal.left -= 1;
      return refusal;
    },
    attempts: (target: string) => tries.get(target) ?? 0,
  };
}

const retryAfterHeader = (refusal: TransientRefusal): Record<string, string> =>
  refusal.retryAfter === undefined ? {} : { 'retry-after': String(refusal.retryAfter) };

const FCM_REFUSALS = {
  429: { status: 'RESOURCE_EXHAUSTED', errorCode: 'QUOTA_EXCEEDED', message: 'Quota exceeded.' },
  500: { status: 'INTERNAL', errorCode: 'INTERNAL', message: 'Internal error encountered.' },
  503: {
    status: 'UNAVAILABLE',
    errorCode: 'UNAVAILABLE',
    message: 'The service is currently unavailable.',
  },
} as const;

const APNS_REFUSALS = {
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
} as const;

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** A Firebase service-account key (what the JSON file holds) and its public half. */
export function fakeFcmServiceAccount(projectId = 'popstage-test') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    serviceAccount: {
      type: 'service_account',
      project_id: projectId,
      client_email: `push@${projectId}.iam.gserviceaccount.com`,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** An APNs token-auth key (.p8, ES256) and its public half. */
export function fakeApnsKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyId: 'ABC123DEFG',
    teamId: 'TEAM123456',
  };
}

function recorder(keep: boolean) {
  const delivered: FakeDelivery[] = [];
  const perTarget = new Map<string, number>();
  let count = 0;
  let last: number | null = null;
  return {
    delivered,
    record(delivery: FakeDelivery) {
      count += 1;
      last = performance.now();
      perTarget.set(delivery.target, (perTarget.get(delivery.target) ?? 0) + 1);
      if (keep) delivered.push(delivery);
    },
    count: () => count,
    last: () => last,
    to: (target: string) => perTarget.get(target) ?? 0,
  };
}

/**
 * What each fake keeps (its deliveries, the tokens it answers as dead, the refusals still to
 * give) and the PushFake fields that read and change it.
 */
function fakeState(keep: boolean) {
  const log = recorder(keep);
  const unregistered = new Set<string>();
  const refused = refusals();
  const fields = {
    delivered: log.delivered,
    count: log.count,
    lastDeliveryAt: log.last,
    deliveriesTo: log.to,
    unregistered,
    refuse: refused.add,
    attempts: refused.attempts,
  } satisfies Omit<PushFake, 'url' | 'close'>;
  return { log, unregistered, refused, fields };
}

/** Starts a fake's server on a free loopback port; its base URL. */
async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A provider's round trip: the answer leaves `latencyMs` after the request arrived (the message
 * is taken on arrival, as a real service takes it before its answer travels back).
 */
function roundTrip(latencyMs: number) {
  return {
    later(answer: () => void) {
      if (latencyMs <= 0) answer();
      else setTimeout(answer, latencyMs);
    },
  };
}

const fcmError = (code: number, status: string, message: string, errorCode?: string) => ({
  error: {
    code,
    message,
    status,
    ...(errorCode
      ? { details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] }
      : {}),
  },
});

/** A request's body, read whole, then `then` with it. */
function readBody(req: IncomingMessage | Http2ServerRequest, then: (text: string) => void) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => then(Buffer.concat(chunks).toString('utf8')));
}

/** HTTP/2 sessions a fake server has open, destroyed when it closes. */
function trackSessions(server: Http2Server) {
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  return () => {
    for (const session of sessions) session.destroy();
  };
}

/** Google's front end takes at most 100 streams on one HTTP/2 connection to FCM. */
const FCM_STREAMS_PER_CONNECTION = 100;

/**
 * FCM v1 (POST /v1/projects/{id}/messages:send) over HTTP/2, cleartext here, at most 100
 * streams a connection as Google's front end, and the OAuth token endpoint (POST /token, another
 * host at Google) over HTTP/1.1 on a port of its own.
 */
export async function startFakeFcm(options: {
  projectId: string;
  clientEmail: string;
  publicKey: string;
  keep?: boolean;
  /** Each send's answer is held this long (a realistic round trip to Google). */
  latencyMs?: number;
}): Promise<PushFake & { tokenUrl: string; tokensIssued(): number }> {
  const trip = roundTrip(options.latencyMs ?? 0);
  const key = await importSPKI(options.publicKey, 'RS256');
  const accessTokens = new Set<string>();
  const { log, unregistered, refused, fields } = fakeState(options.keep ?? true);
  const sendPath = `/v1/projects/${options.projectId}/messages:send`;

  const tokenServer = createHttpServer((req, res) =>
    readBody(req, (text) => {
      const answer = (status: number, body: unknown) =>
        trip.later(() => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
          res.end(JSON.stringify(body));
        });
      if (req.method !== 'POST' || req.url !== '/token') {
        return answer(404, { error: 'not_found' });
      }
      const form = new URLSearchParams(text);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        return answer(400, { error: 'unsupported_grant_type' });
      }
      jwtVerify(form.get('assertion') ?? '', key, {
        audience: GOOGLE_TOKEN_URL,
        issuer: options.clientEmail,
      })
        .then(({ payload }) => {
          if (!String(payload.scope ?? '').includes('firebase.messaging')) {
            return answer(400, { error: 'invalid_scope' });
          }
          const token = `ya29.${randomBytes(24).toString('base64url')}`;
          accessTokens.add(token);
          return answer(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
        })
        .catch(() =>
          answer(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }),
        );
    }),
  );

  const server = createHttp2Server(
    { settings: { maxConcurrentStreams: FCM_STREAMS_PER_CONNECTION } },
    (req, res) =>
      readBody(req, (text) => {
        const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
          trip.later(() => {
            if (res.stream.destroyed || res.stream.closed) return;
            res.writeHead(status, {
              'content-type': 'application/json; charset=UTF-8',
              ...headers,
            });
            res.end(JSON.stringify(body));
          });
        if (req.method !== 'POST' || req.url !== sendPath) {
          return answer(404, fcmError(404, 'NOT_FOUND', 'Not found'));
        }
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!bearer || !accessTokens.has(bearer)) {
          return answer(
            401,
            fcmError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
          );
        }
        let message: {
          token?: string;
          topic?: string;
          notification?: { title?: string; body?: string };
          data?: Record<string, unknown>;
        };
        try {
          message = (JSON.parse(text) as { message: typeof message }).message;
        } catch {
          return answer(400, fcmError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
        }
        const target = message?.token ?? (message?.topic ? `/topics/${message.topic}` : undefined);
        if (!target || (message.token && message.topic)) {
          return answer(
            400,
            fcmError(
              400,
              'INVALID_ARGUMENT',
              'Exactly one of token, topic or condition is required',
              'INVALID_ARGUMENT',
            ),
          );
        }
        if (Object.values(message.data ?? {}).some((value) => typeof value !== 'string')) {
          return answer(
            400,
            fcmError(400, 'INVALID_ARGUMENT', 'data values must be strings', 'INVALID_ARGUMENT'),
          );
        }
        const refusal = refused.take(target);
        if (refusal) {
          const { status, errorCode, message: text } = FCM_REFUSALS[refusal.status];
          return answer(
            refusal.status,
            fcmError(refusal.status, status, text, errorCode),
            retryAfterHeader(refusal),
          );
        }
        if (message.token && unregistered.has(message.token)) {
          return answer(
            404,
            fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'),
          );
        }
        log.record({
          target,
          title: message.notification?.title ?? '',
          body: message.notification?.body ?? '',
          data: message.data ?? {},
        });
        return answer(200, { name: `projects/${options.projectId}/messages/${log.count()}` });
      }),
  );
  const closeSessions = trackSessions(server);
  tokenServer.keepAliveTimeout = 60_000;
  return {
    url: await listenLocally(server),
    tokenUrl: `${await listenLocally(tokenServer)}/token`,
    ...fields,
    tokensIssued: () => accessTokens.size,
    close: async () => {
      closeSessions();
      tokenServer.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => server.close(resolve)),
        new Promise((resolve) => tokenServer.close(resolve)),
      ]);
    },
  };
}

/** APNs (POST /3/device/{token} over HTTP/2, cleartext here) with provider-token checks. */
export async function startFakeApns(options: {
  publicKey: string;
  keyId: string;
  teamId: string;
  /** Accepted apns-topic values start with this. */
  bundlePrefix: string;
  keep?: boolean;
  /** Each answer is held this long (a realistic round trip to Apple). */
  latencyMs?: number;
}): Promise<PushFake> {
  const trip = roundTrip(options.latencyMs ?? 0);
  const key = await importSPKI(options.publicKey, 'ES256');
  const verified = new Set<string>();
  const { log, unregistered, refused, fields } = fakeState(options.keep ?? true);
  const server = createHttp2Server({ peerMaxConcurrentStreams: 1000 });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', async () => {
      const answer = (status: number, reason?: string, headers: Record<string, string> = {}) =>
        trip.later(() => {
          if (stream.destroyed || stream.closed) return;
          stream.respond({
            [constants.HTTP2_HEADER_STATUS]: status,
            'apns-id': randomBytes(16).toString('hex'),
            ...headers,
          });
          stream.end(
            reason
              ? JSON.stringify({ reason, ...(status === 410 ? { timestamp: Date.now() } : {}) })
              : undefined,
          );
        });
      const path = String(headers[constants.HTTP2_HEADER_PATH] ?? '');
      const match = /^\/3\/device\/([^/?]+)$/.exec(path);
      if (headers[constants.HTTP2_HEADER_METHOD] !== 'POST' || !match)
        return answer(404, 'BadPath');
      const jwt = /^bearer (.+)$/i.exec(String(headers.authorization ?? ''))?.[1];
      if (!jwt) return answer(403, 'MissingProviderToken');
      if (!verified.has(jwt)) {
        try {
          const { payload, protectedHeader } = await jwtVerify(jwt, key, {
            issuer: options.teamId,
          });
          if (protectedHeader.kid !== options.keyId || typeof payload.iat !== 'number') {
            return answer(403, 'InvalidProviderToken');
          }
          verified.add(jwt);
        } catch {
          return answer(403, 'InvalidProviderToken');
        }
      }
      const topic = String(headers['apns-topic'] ?? '');
      if (!topic.startsWith(`${options.bundlePrefix}.`)) return answer(400, 'TopicDisallowed');
      const token = decodeURIComponent(match[1] ?? '');
      const refusal = refused.take(token);
      if (refusal) {
        return answer(
          refusal.status,
          refusal.reason ?? APNS_REFUSALS[refusal.status],
          retryAfterHeader(refusal),
        );
      }
      if (!/^[0-9a-f]{64}$/i.test(token)) return answer(400, 'BadDeviceToken');
      if (unregistered.has(token)) return answer(410, 'Unregistered');
      let body: { aps?: { alert?: { title?: string; body?: string } } } & Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, 'PayloadEmpty');
      }
      if (!body.aps) return answer(400, 'PayloadEmpty');
      const { aps, ...data } = body;
      log.record({
        target: token,
        title: aps.alert?.title ?? '',
        body: aps.alert?.body ?? '',
        data,
        appTopic: topic,
      });
      return answer(200);
    });
  });
  const closeSessions = trackSessions(server);
  return {
    url: await listenLocally(server),
    ...fields,
    close: () =>
      new Promise((resolve) => {
        closeSessions();
        server.close(() => resolve());
      }),
  };
}
