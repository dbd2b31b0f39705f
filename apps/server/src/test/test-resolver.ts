import type { LookupAddress } from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/**
 * A DNS resolver the test controls (DESIGN §3.14 tests): each name maps to the addresses
 * given; any other name fails with ENOTFOUND, so no test ever asks a real DNS server.
 * `calls` records every lookup (a fetch must resolve each hop exactly once).
 */
export function createTestResolver(names: Record<string, string | string[]>) {
  const calls: string[] = [];
  const lookup: LookupFunction = (hostname, options, callback) => {
    calls.push(hostname);
    const found = names[hostname.toLowerCase()];
    setImmediate(() => {
      if (found === undefined) {
        const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: 'ENOTFOUND',
          hostname,
        });
        return callback(err, '', 0);
      }
      const list: LookupAddress[] = [found]
        .flat()
        .map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
  return { lookup, calls };
}
