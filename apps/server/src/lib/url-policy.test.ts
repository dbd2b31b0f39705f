import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import {
  addressIsAllowed,
  addressProblem,
  checkUrl,
  hostIsAllowed,
  parseAllowList,
  UrlRefusedError,
} from './url-policy.ts';

describe('addressProblem (DESIGN §3.14)', () => {
  it.each([
    ['8.8.8.8', null],
    ['93.184.216.34', null],
    ['2606:4700:4700::1111', null],
    ['127.0.0.1', 'it is a loopback address'],
    ['127.255.255.254', 'it is a loopback address'],
    ['10.0.0.1', 'it is a private network address'],
    ['172.16.5.4', 'it is a private network address'],
    ['192.168.1.1', 'it is a private network address'],
    ['169.254.169.254', 'it is a link-local address (cloud metadata lives there)'],
    ['100.64.0.1', 'it is a carrier-grade NAT address'],
    ['0.0.0.0', 'it is an unspecified address'],
    ['0.1.2.3', 'it is an unspecified address'],
    ['224.0.0.251', 'it is a multicast address'],
    ['255.255.255.255', 'it is a broadcast address'],
    ['240.0.0.1', 'it is a reserved address'],
    ['::1', 'it is a loopback address'],
    ['::', 'it is an unspecified address'],
    ['::ffff:127.0.0.1', 'it is an IPv4-mapped IPv6 address'],
    ['::ffff:8.8.8.8', 'it is an IPv4-mapped IPv6 address'],
    ['::7f00:1', 'it is not a global unicast IPv6 address (e.g. an IPv4-compatible form)'],
    ['fc00::1', 'it is an IPv6 unique-local address'],
    ['fe80::1%eth0', 'it is a link-local address (cloud metadata lives there)'],
    ['ff02::1', 'it is a multicast address'],
    ['64:ff9b::a00:1', 'it is a special-purpose address (rfc6052)'],
    ['2002:a00:1::', 'it is a special-purpose address (6to4)'],
    ['2001::1', 'it is a special-purpose address (teredo)'],
    ['not-an-ip', 'it is not a valid IP address'],
  ])('%s → %s', (address, problem) => {
    expect(addressProblem(address)).toBe(problem);
  });
});

describe('checkUrl', () => {
  const refused = (url: string) => {
    try {
      checkUrl(url, []);
    } catch (err) {
      expect(err).toBeInstanceOf(UrlRefusedError);
      return (err as Error).message;
    }
    throw new Error(`${url} was not refused`);
  };

  it('refuses other schemes, credentials, low ports and private IP literals in every spelling', () => {
    expect(refused('file:///etc/passwd')).toBe('Only http and https URLs are fetched, not file:.');
    expect(refused('https://a:b@example.org/')).toMatch(/user name or password/);
    expect(refused('https://example.org:22/')).toMatch(/Port 22 is not fetched/);
    for (const url of [
      'http://2130706433/',
      'http://017700000001/',
      'http://0x7f000001/',
      'http://127.1/',
      'http://[::1]/',
    ])
      expect(refused(url)).toMatch(/is not a public address: it is a loopback address/);
  });

  it('lets public URLs and allow-listed hosts through', () => {
    expect(checkUrl('https://example.org:8443/x', []).href).toBe('https://example.org:8443/x');
    const allow = parseAllowList(['wiki.intranet', '127.0.0.1:3851', '10.20.0.0/16', '[::1]:9000']);
    expect(checkUrl('http://127.0.0.1:3851/', allow).host).toBe('127.0.0.1:3851');
    expect(() => checkUrl('http://127.0.0.1:3852/', allow)).toThrow(UrlRefusedError);
    expect(checkUrl('http://10.20.3.4/', allow).host).toBe('10.20.3.4');
    expect(hostIsAllowed(new URL('http://WIKI.intranet./a'), allow)).toBe(true);
    expect(hostIsAllowed(new URL('http://[::1]:9000/'), allow)).toBe(true);
    expect(addressIsAllowed('10.20.255.1', allow)).toBe(true);
    expect(addressIsAllowed('10.21.0.1', allow)).toBe(false);
  });
});

describe('URL_ALLOW_LIST in the environment', () => {
  it('parses entries and refuses a bad one in one line', () => {
    expect(parseEnv({ URL_ALLOW_LIST: 'a.test, b.test:8080' }).URL_ALLOW_LIST).toEqual([
      { kind: 'host', host: 'a.test', port: null },
      { kind: 'host', host: 'b.test', port: 8080 },
    ]);
    expect(() => parseEnv({ URL_ALLOW_LIST: '10.0.0.0/99' })).toThrow(
      /URL_ALLOW_LIST \("10\.0\.0\.0\/99" is not a CIDR network such as 10\.0\.0\.0\/8\)/,
    );
    expect(() => parseEnv({ URL_ALLOW_LIST: 'bad host!' })).toThrow(
      /is not a host, host:port, IP or CIDR/,
    );
  });
});
