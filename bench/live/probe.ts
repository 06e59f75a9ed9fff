import { Agent } from 'node:http';
import { call } from './http';

/**
 * The viewers bench's probe (issue 32: the web process keeps its API p99 ≤ 100 ms): the public
 * viewer API's state, presence and chat calls, eight a second in turn, each timed to its last
 * byte, from a process of its own so the audience's load generator does not delay its clock.
 * Spread over PROBE_ADDRESSES loopback addresses (127.2.0.x) so the per-address limits (chat: 20
 * a minute) see shoppers, not one client. Its heartbeats are audience members' (it adds no
 * viewer). IPC: `start` { publicApi, viewerIds } → runs (afresh); `stats` → stops and answers
 * { type: 'stats', … } with the service's viewer count read then; `stop`.
 */
const PROBE_ADDRESSES = 40;
const EVERY_MS = 125;
const address = (slot: number) => `127.2.0.${slot + 1}`;
const agents = Array.from(
  { length: PROBE_ADDRESSES + 1 },
  () => new Agent({ keepAlive: true, maxSockets: 2 }),
);

const ms = { state: [] as number[], presence: [] as number[], chat: [] as number[] };
let refused = 0;
let failed = 0;
let timer: NodeJS.Timeout | undefined;

function start(publicApi: string, viewerIds: string[]) {
  // A new start is a new window: what the last one gathered was sent with its stats.
  clearInterval(timer);
  for (const kind of ['state', 'presence', 'chat'] as const) ms[kind] = [];
  refused = 0;
  failed = 0;
  let n = 0;
  const once = async () => {
    const i = n++;
    const slot = i % PROBE_ADDRESSES;
    const viewerId = viewerIds[i % viewerIds.length] ?? `bench-probe-${slot}`;
    const kind = (['state', 'presence', 'chat'] as const)[i % 3] ?? 'state';
    const init =
      kind === 'state'
        ? {}
        : kind === 'presence'
          ? { method: 'POST' as const, body: { viewerId } }
          : {
              method: 'POST' as const,
              body: { viewerId, name: 'Probe', text: `Is this in stock? (${i})` },
            };
    try {
      const answer = await call(
        agents[slot] as Agent,
        kind === 'state' ? publicApi : `${publicApi}/${kind}`,
        address(slot),
        init,
      );
      if (answer.status === 429) refused++;
      else if (answer.status >= 400) failed++;
      else ms[kind].push(answer.ms);
    } catch {
      failed++;
    }
  };
  // Calls start on the clock whether or not earlier ones answered (as shoppers' calls do).
  timer = setInterval(() => void once(), EVERY_MS);
}

let api = '';
type Message = 'stop' | { type: string; publicApi?: string; viewerIds?: string[] };
process.on('message', (message: Message) => {
  if (message === 'stop') process.exit(0);
  if (message.type === 'start' && message.publicApi) {
    api = message.publicApi;
    start(message.publicApi, message.viewerIds ?? []);
  }
  if (message.type === 'stats') {
    clearInterval(timer);
    void call(agents[PROBE_ADDRESSES] as Agent, api, address(PROBE_ADDRESSES))
      .then((answer) => (JSON.parse(answer.body.toString('utf8')) as { viewers: number }).viewers)
      .catch(() => -1)
      .then((viewers) => process.send?.({ type: 'stats', ms, refused, failed, viewers }));
  }
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
process.send?.({ type: 'ready' });
