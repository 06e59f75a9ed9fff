import { Agent, type ClientRequest, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { PRESENCE_HEARTBEAT_SECONDS } from '@popstage/core/live';
import { playlistEdge } from '@popstage/live';
import { type Answer, call } from './http';

/**
 * Part 2's audience: viewers that behave like the storefront player with hls.js, each from a
 * loopback address of its own (Linux routes all of 127.0.0.0/8 to lo), so the public API's
 * per-address limits see 300 shoppers, not one: the show's state once, a presence heartbeat every
 * PRESENCE_HEARTBEAT_SECONDS, the events stream held open, and the LL-HLS playlist followed
 * through the CDN (a held request for each next part) with each new part fetched after it. The API latency the goal is about is the
 * probe's (probe.ts, a process of its own so this one's load does not skew it).
 */

/** The i-th viewer's source address: 127.1.x.y, y never 0 or 255. */
export const viewerAddress = (i: number) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;

export interface AudienceStats {
  /** Viewers with the events stream open and at least one segment played. */
  connected: number;
  segmentsFetched: number;
  segmentsFailed: number;
  playlistsFetched: number;
  playlistsFailed: number;
  segmentBytes: number;
  sseOpen: number;
  sseDropped: number;
  /** The largest viewer count the events streams announced. */
  announcedViewers: number;
  /** The viewers' own API calls (state, presence): ms, refusals (429) and other failures. */
  viewerApiMs: number[];
  refused: number;
  failed: number;
}

export interface Audience {
  stats: AudienceStats;
  /** Clears the latencies gathered so far (the ramp's), keeping the counters. */
  resetLatencies(): void;
  /** The audience's viewer ids (the probe heartbeats as them). */
  viewerIds: string[];
  stop(): void;
}

export function startAudience(options: {
  viewers: number;
  rampMs: number;
  /** The show's public API base (`playback.publicApi`). */
  publicApi: string;
  /** The live playlist on the CDN. */
  hls: string;
}): Audience {
  const { publicApi, hls } = options;
  const stats: AudienceStats = {
    connected: 0,
    segmentsFetched: 0,
    segmentsFailed: 0,
    playlistsFetched: 0,
    playlistsFailed: 0,
    segmentBytes: 0,
    sseOpen: 0,
    sseDropped: 0,
    announcedViewers: 0,
    viewerApiMs: [],
    refused: 0,
    failed: 0,
  };
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const agents: Agent[] = [];
  const streams: ClientRequest[] = [];
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) work();
    }, ms);
    timers.add(timer);
  };
  const newAgent = () => {
    // As a browser: a few keep-alive connections per origin.
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    agents.push(agent);
    return agent;
  };
  const api = async (
    agent: Agent,
    address: string,
    url: string,
    init: { method?: 'GET' | 'POST'; body?: unknown },
    record: number[],
  ): Promise<Answer | null> => {
    try {
      const answer = await call(agent, url, address, init);
      if (answer.status === 429) stats.refused++;
      else if (answer.status >= 400) stats.failed++;
      else record.push(answer.ms);
      return answer;
    } catch {
      if (!stopped) stats.failed++;
      return null;
    }
  };

  const viewerIds: string[] = [];
  function viewer(i: number) {
    const address = viewerAddress(i);
    const viewerId = `bench-viewer-${i}-${Math.random().toString(36).slice(2, 10)}`;
    viewerIds.push(viewerId);
    const apiAgent = newAgent();
    const cdnAgent = newAgent();
    let played = false;
    let listening = false;
    const counted = () => {
      if (played && listening) stats.connected++;
    };

    void api(apiAgent, address, publicApi, {}, stats.viewerApiMs);
    const heartbeat = () => {
      void api(
        apiAgent,
        address,
        `${publicApi}/presence`,
        { method: 'POST', body: { viewerId } },
        stats.viewerApiMs,
      );
      later(PRESENCE_HEARTBEAT_SECONDS * 1000, heartbeat);
    };
    heartbeat();

    const sse = request(`${publicApi}/events`, { localAddress: address, agent: false });
    streams.push(sse);
    sse.on('response', (incoming) => {
      if (incoming.statusCode === 429) stats.refused++;
      if (incoming.statusCode !== 200) {
        stats.failed++;
        incoming.resume();
        return;
      }
      stats.sseOpen++;
      listening = true;
      counted();
      let pending = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.startsWith('data: ')) continue;
          const event = JSON.parse(line.slice(6)) as { type: string; count?: number };
          if (event.type === 'viewers' && typeof event.count === 'number') {
            stats.announcedViewers = Math.max(stats.announcedViewers, event.count);
          }
        }
      });
      incoming.on('close', () => {
        stats.sseOpen--;
        if (!stopped) stats.sseDropped++;
      });
    });
    sse.on('error', () => {
      if (!stopped) stats.failed++;
    });
    sse.end();

    // hls.js in low-latency mode on an LL-HLS playlist: each reload asks (through the CDN) for
    // the next part with _HLS_msn/_HLS_part, which the origin answers once it exists; every new
    // part is fetched. It starts PART-HOLD-BACK behind the edge, so with the last three parts.
    // On a plain playlist: a reload each target duration, every new segment fetched.
    const fetched = new Set<string>();
    let next = '';
    const fetchMedia = async (uri: string) => {
      if (stopped || fetched.has(uri)) return;
      fetched.add(uri);
      try {
        const media = await call(cdnAgent, new URL(uri, hls).href, address);
        if (media.status !== 200) throw new Error(`media ${media.status}`);
        stats.segmentsFetched++;
        stats.segmentBytes += media.body.length;
        if (!played) {
          played = true;
          counted();
        }
      } catch {
        if (!stopped) stats.segmentsFailed++;
      }
    };
    const poll = async () => {
      const started = performance.now();
      let blocking = false;
      try {
        const playlist = await call(cdnAgent, `${hls}${next}`, address);
        if (playlist.status !== 200) throw new Error(`playlist ${playlist.status}`);
        stats.playlistsFetched++;
        const text = playlist.body.toString('utf8');
        const edge = playlistEdge(text);
        if (!edge) throw new Error('not a media playlist');
        const { parts, segments } = mediaUris(text);
        const uris = parts.length > 0 ? parts : segments;
        const fresh = (fetched.size === 0 ? uris.slice(-3) : uris).filter((u) => !fetched.has(u));
        for (const uri of fresh) await fetchMedia(uri);
        blocking = text.includes('CAN-BLOCK-RELOAD=YES') && !edge.ended;
        // The next part: of the open segment after the last complete one.
        if (blocking) next = `?_HLS_msn=${edge.lastSegment + 1}&_HLS_part=${edge.openParts}`;
      } catch {
        if (!stopped) stats.playlistsFailed++;
        next = '';
      }
      // A held request is its own pacing; a plain reload comes each second.
      const wait = blocking ? 0 : Math.max(0, 1000 - (performance.now() - started));
      later(wait, () => void poll());
    };
    void poll();
  }

  for (let i = 0; i < options.viewers; i++) {
    later((options.rampMs * i) / options.viewers, () => viewer(i));
  }

  return {
    stats,
    resetLatencies() {
      stats.viewerApiMs.length = 0;
    },
    viewerIds,
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const stream of streams) stream.destroy();
      for (const agent of agents) agent.destroy();
    },
  };
}

/** The media files a playlist names: its segments and its parts (#EXT-X-PART). */
function mediaUris(text: string) {
  return {
    segments: text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
    parts: [...text.matchAll(/#EXT-X-PART:.*URI="([^"]+)"/g)].map((m) => m[1] as string),
  };
}
