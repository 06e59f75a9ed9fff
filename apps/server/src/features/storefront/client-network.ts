import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * Who stands behind a client address, as the caps count it. An IPv6 host picks any of the 2^64
 * addresses of its /64 at will (privacy addresses), so the /64 is one client, as for the rate
 * limiter (@fastify/rate-limit groups IPv6 by /64); a /48 is one customer's allocation, the
 * site. IPv4 (and IPv4-mapped IPv6) addresses are their own client and site.
 */
export interface ClientNetwork {
  /** The address or /64 the per-clip allowance is kept for. */
  network: string;
  /** The address or /48 the per-shop lock-out bound is kept for. */
  site: string;
}

export function clientNetwork(ip: string): ClientNetwork {
  if (!ipaddr.isValid(ip)) return { network: ip, site: ip };
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return { network: address.toString(), site: address.toString() };
  return { network: prefix(address as ipaddr.IPv6, 64), site: prefix(address as ipaddr.IPv6, 48) };
}

function prefix(address: ipaddr.IPv6, bits: number): string {
  const parts = address.parts.map((part, i) => (i * 16 < bits ? part : 0));
  return `${new ipaddr.IPv6(parts).toNormalizedString()}/${bits}`;
}

/** A keyed hash: counted per network without storing the address. */
export function networkHash(secret: string, network: string): string {
  return createHmac('sha256', secret).update(network).digest('base64url').slice(0, 22);
}
