// TRUST_PROXY (issue 18 §4): whom to believe about the client's address. Off by default: the socket
// address is the client, and an X-Forwarded-For header changes nothing (anyone can send one). Behind
// a load balancer set a hop count (`1`: the last proxy's word is taken) or the proxies' addresses
// and CIDRs (`10.0.0.0/8,192.168.1.7`): Fastify then reads request.ip from X-Forwarded-For, and the
// rate limits, lockout, audit trail and login history, which all use request.ip, see the real client.
import { isIP } from 'node:net';

/** What Fastify's `trustProxy` option gets. */
export type TrustProxy = false | number | string[];

const OFF = new Set(['', 'off', 'false', '0', 'no']);

/** The parsed setting, or a message saying what is wrong with it. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const value = (raw ?? '').trim().toLowerCase();
  if (OFF.has(value)) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 16 ? hops : 'a hop count is at most 16';
  }
  // "true" (trust every hop) would let any client pick its address: not offered.
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0) {
    return `must be off, a hop count, or addresses/CIDRs separated by commas (not "${bad.join('", "')}")`;
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Fastify's option: a hop count becomes the function proxy-addr uses for one (its typings take no
 *  number): the socket's peer and the next hops-1 addresses are proxies, the one before is the client. */
export function fastifyTrustProxy(
  setting: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting ?? false;
}
