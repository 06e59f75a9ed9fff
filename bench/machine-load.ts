import { loadavg } from 'node:os';
import { RELIABLE_LOAD } from './report';

/** The machine's load average now, and whether figures taken at it can be trusted. */
export function machineLoad(): string {
  const [one = 0, five = 0] = loadavg();
  const verdict = one > RELIABLE_LOAD ? `UNRELIABLE (above ${RELIABLE_LOAD})` : 'reliable';
  return `load average ${one.toFixed(2)} (5 min ${five.toFixed(2)}): ${verdict}`;
}
