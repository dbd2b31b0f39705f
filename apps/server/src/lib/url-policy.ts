/**
 * Which URLs and addresses the server may request on a user's behalf (DESIGN §3.14,
 * docs/decisions/018). Addresses are classified with ipaddr.js: only public unicast ones pass —
 * IPv4 outside every special range, IPv6 inside global unicast 2000::/3 and outside its special
 * ranges (so IPv4-mapped, IPv4-compatible, NAT64, 6to4 and Teredo forms are refused as well).
 * Operators (and tests) may open chosen hosts or networks with URL_ALLOW_LIST.
 */
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** A refusal of the URL policy; its message is the reason, fit to show to the caller. */
export class UrlRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UrlRefusedError';
  }
}

/** One URL_ALLOW_LIST entry: a host name or IP (optionally with a port), or a CIDR network. */
export type AllowEntry =
  | { kind: 'host'; host: string; port: number | null }
  | { kind: 'network'; network: [ipaddr.IPv4 | ipaddr.IPv6, number]; text: string };

/** Ports below 1024 other than these are refused (no SMTP, SSH, … on a public host). */
const OPEN_LOW_PORTS = new Set([80, 443]);

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/** Why an IP address is not public, or null when it is (public unicast). */
export function addressProblem(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'it is not a valid IP address';
  }
  const range = parsed.range();
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return 'it is an IPv4-mapped IPv6 address';
    if (range === 'unicast' && !v6.match(GLOBAL_UNICAST))
      return 'it is not a global unicast IPv6 address (e.g. an IPv4-compatible form)';
  }
  if (range === 'unicast') return null;
  const names: Record<string, string> = {
    loopback: 'it is a loopback address',
    private: 'it is a private network address',
    linkLocal: 'it is a link-local address (cloud metadata lives there)',
    carrierGradeNat: 'it is a carrier-grade NAT address',
    multicast: 'it is a multicast address',
    broadcast: 'it is a broadcast address',
    unspecified: 'it is an unspecified address',
    uniqueLocal: 'it is an IPv6 unique-local address',
    reserved: 'it is a reserved address',
  };
  return names[range] ?? `it is a special-purpose address (${range})`;
}

/** Parses URL_ALLOW_LIST entries; throws an Error naming the first bad one. */
export function parseAllowList(entries: readonly string[]): AllowEntry[] {
  return entries.map((raw) => {
    const entry = raw.trim();
    if (entry.includes('/')) {
      try {
        return { kind: 'network', network: ipaddr.parseCIDR(entry), text: entry };
      } catch {
        throw new Error(`"${entry}" is not a CIDR network such as 10.0.0.0/8`);
      }
    }
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    const [host, port] = bracketed
      ? [bracketed[1] as string, bracketed[2]]
      : net.isIPv6(entry)
        ? [entry, undefined]
        : (entry.split(':') as [string, string | undefined]);
    const portNumber = port === undefined ? null : Number(port);
    if (
      !host ||
      !/^[A-Za-z0-9.:_-]+$/.test(host) ||
      (portNumber !== null &&
        !(Number.isInteger(portNumber) && portNumber > 0 && portNumber < 65536))
    ) {
      throw new Error(`"${entry}" is not a host, host:port, IP or CIDR network`);
    }
    const normalized = net.isIP(host) ? ipaddr.parse(host).toString() : host.toLowerCase();
    return { kind: 'host', host: normalized, port: portNumber };
  });
}

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** The URL's host without IPv6 brackets, IPs in ipaddr.js's normal form. */
export function hostOf(url: URL): string {
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(bare) ? ipaddr.parse(bare).toString() : bare.toLowerCase().replace(/\.$/, '');
}

/** True when an allow-list host entry names this URL's host (and port, when it has one). */
export function hostIsAllowed(url: URL, allow: readonly AllowEntry[]): boolean {
  const host = hostOf(url);
  return allow.some(
    (e) => e.kind === 'host' && e.host === host && (e.port === null || e.port === portOf(url)),
  );
}

/** True when an allow-list network contains this address. */
export function addressIsAllowed(address: string, allow: readonly AllowEntry[]): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  return allow.some(
    (e) =>
      e.kind === 'network' &&
      parsed.kind() === e.network[0].kind() &&
      parsed.match(e.network as [ipaddr.IPv4, number]),
  );
}

/**
 * Checks a URL before any connection: http(s) only, no credentials, no low ports but 80/443,
 * and an IP literal host must be public (names are checked after DNS, in safe-fetch.ts).
 * Returns the parsed URL; throws UrlRefusedError with the reason.
 */
export function checkUrl(raw: string | URL, allow: readonly AllowEntry[]): URL {
  let url: URL;
  try {
    url = raw instanceof URL ? raw : new URL(raw);
  } catch {
    throw new UrlRefusedError(`"${String(raw).slice(0, 200)}" is not a valid absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlRefusedError(`Only http and https URLs are fetched, not ${url.protocol}.`);
  }
  if (url.username || url.password) {
    throw new UrlRefusedError('URLs with a user name or password are not fetched.');
  }
  const host = hostOf(url);
  if (host === '') throw new UrlRefusedError('The URL has no host.');
  const allowed = hostIsAllowed(url, allow);
  const port = portOf(url);
  if (!allowed && port < 1024 && !OPEN_LOW_PORTS.has(port)) {
    throw new UrlRefusedError(`Port ${port} is not fetched; use 80, 443 or a port above 1023.`);
  }
  if (net.isIP(host) && !allowed && !addressIsAllowed(host, allow)) {
    const problem = addressProblem(host);
    if (problem) throw new UrlRefusedError(`${host} is not a public address: ${problem}.`);
  }
  return url;
}
