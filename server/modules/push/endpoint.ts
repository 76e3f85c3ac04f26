import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The server POSTs to the endpoint URL a member's browser gave (a push service's), so the URL is
 * checked like any request the server makes on a member's behalf (SSRF): https: only, no
 * credentials, and never to a private, loopback, link-local or otherwise special address, checked
 * on the URL (an address literal) and again on what its name resolves to when connecting
 * (`guardedLookup`), so a name that resolves to an inside address is refused too.
 * PUSH_ALLOW_LOOPBACK_HTTP (tests, browser journeys) also lets http: and https: through to a
 * loopback address, for a push service stub on this machine.
 */

// Addresses that are not on the public internet (IANA special-purpose registries).
const special = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) special.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['64:ff9b::', 96], ['64:ff9b:1::', 48], // NAT64: the same
  ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) special.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
export const isLoopbackAddress = (address: string) => isIP(address) !== 0 && loopback.check(address, family(address));
// IPv4-mapped IPv6 (::ffff:a.b.c.d, written ::ffff:7f00:1 by URL) is refused whatever address it
// hides: not a subnet of `special`, since BlockList checks IPv4 addresses against it as mapped ones.
export const isPublicAddress = (address: string) => isIP(address) !== 0 && !/^::ffff:/i.test(address) && !special.check(address, family(address));

/** A URL's host as an address literal ('[::1]' → '::1'), or null for a name. */
const literal = (hostname: string) => {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
};
const isLoopbackName = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost');

/** Why the server will not push to this endpoint, or null when it may. */
export function endpointProblem(endpoint: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be a URL.';
  }
  if (url.username || url.password) return 'The endpoint must not hold credentials.';
  const address = literal(url.hostname);
  const toLoopback = (address !== null && isLoopbackAddress(address)) || isLoopbackName(url.hostname);
  if (allowLoopbackHttp && toLoopback && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'The endpoint must be an https: URL.';
  if (toLoopback || (address !== null && !isPublicAddress(address))) return 'The endpoint must be on a public address.';
  return null;
}

/** Refused at connection time: the endpoint's name resolved to an address the server does not push to. */
export class EndpointAddressError extends Error {}

/**
 * A `lookup` for the push request: the name's addresses, refusing any that is not public (or, with
 * PUSH_ALLOW_LOOPBACK_HTTP, loopback), so what the name resolves to when the connection is made is
 * what was checked (no second resolution to be raced by a rebinding DNS answer).
 */
export const guardedLookup = (allowLoopbackHttp: boolean): LookupFunction => (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter(({ address }) => isPublicAddress(address) || (allowLoopbackHttp && isLoopbackAddress(address)));
    if (allowed.length === 0 || allowed.length !== addresses.length) {
      return callback(new EndpointAddressError(`${hostname} resolves to an address the server does not push to`), '', 0);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, allowed);
    return callback(null, allowed[0].address, allowed[0].family);
  });
};
