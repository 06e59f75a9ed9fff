import { createRequire } from 'node:module';
import { createServer, type Socket } from 'node:net';
import type { HlsSession, LiveMedia, RtmpHooks } from './port';

/**
 * node-media-server 4 (RTMP only): its RtmpSession speaks the protocol and fans packets out
 * through its process-wide Context; this module owns the TCP listener (so a busy port is an
 * error, not node-media-server's process.exit), its HTTP/admin servers and JSON store are never
 * started, and its logger goes to `log` (warnings and errors on stderr by default, never stdout).
 */
const require = createRequire(import.meta.url);

interface NmsBroadcast {
  publisher: NmsSession | null;
  subscribers: Map<string, NmsSession>;
  rtmpVideoHeader: Buffer | null;
  publishGraceMs: number;
}
interface NmsSession {
  id: string;
  ip: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  videoCodec: number | string;
  socket?: Socket;
  rtmp: { onPacketCallback: (packet: unknown) => void };
  broadcast: NmsBroadcast;
  run(): void;
  close(): void;
}
interface NmsContext {
  sessions: Map<string, NmsSession>;
  eventEmitter: NodeJS.EventEmitter;
}
const Context = require('node-media-server/src/core/context.js') as NmsContext;
const nmsLogger = require('node-media-server/src/core/logger.js') as {
  log: (message: string, level?: string) => void;
};
const RtmpSession = require('node-media-server/src/session/rtmp_session.js') as new (
  socket: Socket,
) => NmsSession;

export type RtmpLog = (level: string, message: string) => void;

const defaultLog: RtmpLog = (level, message) => {
  if (level === 'warn' || level === 'error') console.error(`[rtmp] ${message}`);
};

export interface RtmpServerOptions {
  port: number;
  /** 127.0.0.1 by default; 0.0.0.0 so encoders elsewhere (OBS) can reach it. */
  host?: string;
  media: LiveMedia;
  log?: RtmpLog;
  /** How long to wait for the stream's metadata to learn its video codec (else encoded). */
  codecWaitMs?: number;
}

export interface RunningRtmpServer {
  /** Resolves with the bound port once listening (rejects if the port is taken). */
  readonly listening: Promise<number>;
  /** Stops listening and drops every connection (their broadcasts get `stopped`). */
  close(): Promise<void>;
}

/** FLV's codec id for H.264, and enhanced RTMP's FourCC 'avc1'. */
const H264 = new Set<number | string>([7, 0x61766331, 'avc1']);
const LOOPBACK = /^(127\.0\.0\.1|::ffff:127\.0\.0\.1|::1):\d+$/;
const STREAM_PATH = /^\/live\/[A-Za-z0-9_-]+$/;

export function createRtmpServer(options: RtmpServerOptions) {
  const { media } = options;
  const host = options.host ?? '127.0.0.1';
  const codecWaitMs = options.codecWaitMs ?? 3000;
  const log = options.log ?? defaultLog;
  // ffmpeg pulls from this machine: loopback when listening everywhere, else the bound address.
  const pullHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

  return {
    start(hooks: RtmpHooks): RunningRtmpServer {
      nmsLogger.log = (message, level = 'info') => log(level, message);
      const sockets = new Set<Socket>();
      /** Accepted publishes: their show and packaging. */
      const accepted = new Map<NmsSession, { showId: string; hls: HlsSession }>();
      let port = options.port;
      let closed = false;

      const refuse = (session: NmsSession, why: string) => {
        log('info', `RTMP ${session.ip} ${session.streamPath} refused: ${why}`);
        // Until its socket closes, node-media-server hands what a session sends to the path's
        // viewers (the packager): drop its packets and the connection now.
        session.rtmp.onPacketCallback = () => {};
        session.socket?.destroy();
      };

      const onPrePublish = (session: NmsSession) => {
        // No 30 s "resume" window: a dropped encoder ends its publish now; the service decides
        // what a reconnect means (it asks authorize again).
        session.broadcast.publishGraceMs = 0;
      };

      const onPostPublish = (session: NmsSession) => {
        // node-media-server announces a second publisher of a path before refusing it itself.
        const current = session.broadcast.publisher;
        if (current !== null && current !== session) return refuse(session, 'the key is in use');
        if (!STREAM_PATH.test(session.streamPath)) return refuse(session, 'not /live/{key}');
        void admit(session).catch((error) => {
          log('error', `RTMP ${session.streamPath}: ${String(error)}`);
          session.socket?.destroy();
        });
      };

      async function admit(session: NmsSession) {
        const showId = await hooks.authorize(session.streamName);
        if (!showId) return refuse(session, 'unknown stream key');
        const copyVideo = H264.has(await videoCodec(session));
        if (closed || session.socket?.destroyed) return;
        const hls = media.startRtmp(showId, session.streamPath, {
          url: `rtmp://${pullHost}:${port}${session.streamPath}`,
          copyVideo,
        });
        accepted.set(session, { showId, hls });
        hooks.started(showId, hls);
      }

      /** The codec the stream's metadata names (sent right after publishing), when it comes. */
      async function videoCodec(session: NmsSession): Promise<number | string> {
        const until = Date.now() + codecWaitMs;
        while (!session.videoCodec && Date.now() < until) {
          if (session.socket?.destroyed) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return session.videoCodec;
      }

      const onDonePublish = (session: NmsSession) => {
        const broadcast = accepted.get(session);
        if (!broadcast) return;
        accepted.delete(session);
        // ffmpeg (a player of this path) would otherwise wait for a new publisher: closing it
        // lets it write its last segment and stop.
        for (const player of session.broadcast.subscribers.values()) player.close();
        hooks.stopped(broadcast.showId);
      };

      const onPrePlay = (session: NmsSession) => {
        // Only this machine's ffmpeg plays streams; the RTMP port may face the internet.
        const address = session.ip.replace(/:\d+$/, '').replace(/^::ffff:/, '');
        if (!LOOPBACK.test(session.ip) && address !== pullHost) {
          refuse(session, 'playing is for the packager only');
        }
      };

      const events = Context.eventEmitter;
      events.on('prePublish', onPrePublish);
      events.on('postPublish', onPostPublish);
      events.on('donePublish', onDonePublish);
      events.on('prePlay', onPrePlay);

      const server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        const session = new RtmpSession(socket);
        session.run();
        Context.sessions.set(session.id, session);
      });
      const listening = new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, host, () => {
          server.off('error', reject);
          const address = server.address();
          port = typeof address === 'object' && address ? address.port : options.port;
          resolve(port);
        });
      });
      listening.catch(() => {});

      return {
        listening,
        async close() {
          if (closed) return;
          closed = true;
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            for (const socket of sockets) socket.destroy();
          });
          // Sockets' close handlers run donePublish (stopped hooks) before the listeners go.
          await new Promise((resolve) => setTimeout(resolve, 10));
          events.off('prePublish', onPrePublish);
          events.off('postPublish', onPostPublish);
          events.off('donePublish', onDonePublish);
          events.off('prePlay', onPrePlay);
        },
      };
    },
  };
}
