import { BlockList, isIP } from 'node:net';
import type { Request } from 'express';

/**
 * Fastly's published edge ranges (https://api.fastly.com/public-ip-list): the addresses Firebase
 * Hosting's CDN connects to the function from. Only a request whose connecting address is one of
 * them came through Hosting.
 */
const CDN_RANGES: ReadonlyArray<readonly [string, number]> = [
  ['23.235.32.0', 20], ['43.249.72.0', 22], ['103.244.50.0', 24], ['103.245.222.0', 23], ['103.245.224.0', 24],
  ['104.156.80.0', 20], ['140.248.64.0', 18], ['140.248.128.0', 17], ['146.75.0.0', 17], ['151.101.0.0', 16],
  ['157.52.64.0', 18], ['167.82.0.0', 17], ['167.82.128.0', 20], ['167.82.160.0', 20], ['167.82.224.0', 20],
  ['172.111.64.0', 18], ['185.31.16.0', 22], ['199.27.72.0', 21], ['199.232.0.0', 16],
  ['2a04:4e40::', 32], ['2a04:4e42::', 32],
];

/** The ranges as a BlockList, built with the first request that needs it (about 8 ms: not at every instance's start). */
let cdn: BlockList | null = null;
function cdnRanges(): BlockList {
  if (cdn) return cdn;
  cdn = new BlockList();
  for (const [address, prefix] of CDN_RANGES) cdn.addSubnet(address, prefix, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  return cdn;
}

/** Whether `address` (IPv4, IPv6 or IPv4-mapped IPv6) is one of Hosting's CDN edges. */
export function isCdnAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  return family !== 0 && cdnRanges().check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The caller's IP (clientKey: what per-IP limits count), from what the caller cannot forge: Google's front end appends
 * the connecting address as the last X-Forwarded-For entry (earlier entries are whatever the
 * client sent). Through Hosting that address is the CDN's, and the CDN names the client in
 * Fastly-Client-IP; a request that reached the function's own URL directly (public: the streams
 * use it) is counted under its connecting address, whatever Fastly-Client-IP it carries.
 * Without X-Forwarded-For (a plain server, the emulators) the socket's address.
 */
export function clientIp(req: Request): string {
  const forwarded = req.get('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
  const connecting = forwarded?.at(-1) ?? req.socket.remoteAddress ?? 'unknown';
  const named = req.get('fastly-client-ip')?.trim();
  const ip = named && isCdnAddress(connecting) ? named : connecting;
  return ip.slice(0, 64);
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail as two of them), or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const part = (s: string): number[] =>
    s === ''
      ? []
      : s.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const first = part(head);
  const last = tail === undefined ? [] : part(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * What per-IP limits count a client under: an IPv4 address as it is (an IPv4-mapped IPv6 one
 * too), an IPv6 address by its /64 network, which one subscriber is usually handed whole (RFC
 * 6177): counted per address, one /64 would sign up without limit.
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64` : ip;
}

/** The caller's key for per-IP limits: clientNetwork of clientIp. */
export const clientKey = (req: Request): string => clientNetwork(clientIp(req));
