import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { html } from '@popstage/core/html';
import { CONSOLE_MESSAGES as M, operatorCan, signInSchema } from '@popstage/core/operator-console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { consolePage, type Flash, signInPage } from './layout';
import type { ConsoleKit, FormBody } from './section';
import { CONSOLE_SECTIONS } from './sections';
import {
  type ConsoleSession,
  closeSession,
  openSession,
  readSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from './sessions';
import { authenticate, recordStaffAccess } from './sign-in';

const FLASH_COOKIE = 'popstage_operator_flash';
/** Pages of their own: no scripts at all, inline styles, forms to this origin, never framed. */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const sessions = new WeakMap<FastifyRequest, ConsoleSession>();

/**
 * The operator console (/operator): server-rendered pages for Popstage staff with their own
 * sign-in and cookie session, separate from Shopify's session tokens. It calls the same services
 * as the staff API (/operator/api), and every change it makes is written to the audit log.
 */
export async function operatorConsoleRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const secure = deps.config.APP_URL.startsWith('https://');
  const cookieOptions = {
    path: '/operator',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure,
  };
  await app.register(cookie);
  await app.register(formbody);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', CSP);
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'same-origin');
    return payload;
  });
  // Forms come from our own pages only: a POST from another origin is refused.
  const appOrigin = new URL(deps.config.APP_URL).origin;
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST') return;
    const origin = request.headers.origin;
    if (origin && origin !== appOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new HttpError(403, M.csrf);
    }
  });

  // Sign-in: a few attempts a minute per address (and per account: sign-in-attempts.ts).
  await app.register(async (open) => {
    await open.register(rateLimit, {
      max: 10,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new HttpError(429, M.tooManyAttempts),
    });
    open.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof HttpError)) throw error;
      return reply
        .status(error.statusCode)
        .type('text/html')
        .send(signInPage({ tone: 'error', text: error.message }));
    });
    open.get('/operator/sign-in', async (request, reply) => {
      if (await readSession(deps, request.cookies[SESSION_COOKIE]))
        return reply.redirect('/operator');
      return reply.type('text/html').send(signInPage(null));
    });
    open.post('/operator/sign-in', async (request, reply) => {
      const body = (request.body ?? {}) as FormBody;
      const parsed = signInSchema.safeParse(body);
      const email = typeof body.email === 'string' ? body.email : '';
      if (!parsed.success) {
        return reply
          .status(400)
          .type('text/html')
          .send(signInPage({ tone: 'error', text: M.signInFailed }, email));
      }
      try {
        const user = await authenticate(deps, parsed.data, request.ip);
        const token = await openSession(deps, user.id);
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
        return reply.redirect('/operator', 303);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return reply
          .status(error.statusCode)
          .type('text/html')
          .send(signInPage({ tone: 'error', text: error.message }, email));
      }
    });
  });

  // Everything else needs a session, read first so that every refusal (a bad query, a bad form)
  // is a console page; a form also needs its CSRF token, checked once the body is parsed.
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', async (request, reply) => {
      const session = await readSession(deps, request.cookies[SESSION_COOKIE]);
      if (!session) {
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return reply.redirect('/operator/sign-in', 303);
      }
      sessions.set(request, session);
    });
    signedIn.addHook('preHandler', async (request) => {
      if (request.method !== 'POST') return;
      const given = (request.body as FormBody | undefined)?._csrf;
      if (given !== kit.session(request).csrfToken) throw new HttpError(403, M.csrf);
    });

    const kit: ConsoleKit = {
      session(request) {
        const session = sessions.get(request);
        if (!session) throw new HttpError(401, 'Sign in first');
        return session;
      },
      require(request, permission) {
        const session = kit.session(request);
        if (!operatorCan(session.user.role, permission)) throw new HttpError(403, M.forbidden);
        return session;
      },
      render(request, reply, page) {
        const session = kit.session(request);
        const stored = request.cookies[FLASH_COOKIE];
        const flash: Flash | null =
          page.flash ?? (stored ? { tone: 'ok', text: stored.slice(0, 300) } : null);
        if (stored) reply.clearCookie(FLASH_COOKIE, cookieOptions);
        const nav = CONSOLE_SECTIONS.filter((s) =>
          operatorCan(session.user.role, s.permission),
        ).map((s) => ({ title: s.title, path: s.path }));
        return reply
          .status(page.status ?? 200)
          .type('text/html')
          .send(
            consolePage({
              title: page.title,
              session,
              nav,
              current: page.current ?? request.url.split('?')[0] ?? '',
              body: page.body,
              flash,
            }),
          );
      },
      redirect(reply, to, message) {
        if (message) reply.setCookie(FLASH_COOKIE, message, { ...cookieOptions, maxAge: 60 });
        return reply.redirect(to, 303);
      },
    };

    // A refusal or a bad form is a page of the console, not a JSON body.
    signedIn.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
      if (status >= 500) request.log.error({ err: error }, 'operator console error');
      const text = status >= 500 ? 'Something went wrong. Please try again.' : error.message;
      if (!sessions.get(request)) return reply.status(status).type('text/plain').send(text);
      return kit.render(request, reply, {
        title: status === 403 ? 'Not allowed' : 'Could not do that',
        body: html`<p><a href="/operator">Back to the console</a></p>`,
        flash: { tone: 'error', text },
        status,
      });
    });

    signedIn.post('/operator/sign-out', async (request, reply) => {
      const session = kit.session(request);
      await closeSession(deps, session);
      await recordStaffAccess(deps, session.user.email, 'staff.sign-out', request.ip);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return reply.redirect('/operator/sign-in', 303);
    });

    for (const section of CONSOLE_SECTIONS) section.register(signedIn, kit);
  });
}
