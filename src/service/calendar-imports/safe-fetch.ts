/**
 * Fetching another site's calendar without letting a merchant's URL reach inside the network
 * the service runs in: every address a host name resolves to is checked, the connection goes
 * to a checked address only (the check is Node's `lookup` of that very connection, so a DNS
 * answer cannot change in between), an address literal is checked too, and each redirect is
 * followed by the same rules. Private, loopback, link-local and other special addresses are
 * refused unless the operator allows them (`CALENDAR_IMPORT_ALLOW`: host names and CIDRs,
 * comma-separated). The body is cut off past `maxBytes` and the whole fetch past `timeoutMs`.
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** What a fetch may do. */
export interface FetchPolicy {
  /** Host names (lower case) allowed whatever they resolve to. */
  hosts: ReadonlySet<string>;
  /** Addresses allowed though special (the CIDRs of the allow-list). */
  allowed: BlockList;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

/** A fetch that was refused or failed, in words a merchant can act on. */
export class FetchRefused extends Error {
  override readonly name = 'FetchRefused';
}

/** What a fetch answered. */
export type FetchAnswer = { status: 304; etag: string | null } | { status: 200; body: string; etag: string | null };

const SPECIAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  SPECIAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  SPECIAL.addSubnet(net, bits, 'ipv6');

/** The policy of `CALENDAR_IMPORT_ALLOW` with the caps given (defaults: 2 MB, 10 s, 5 redirects). */
export function fetchPolicy(allow: string | undefined, caps: Partial<FetchPolicy> = {}): FetchPolicy {
  const hosts = new Set<string>();
  const allowed = new BlockList();
  for (const entry of (allow ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)) {
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0) hosts.add(entry.replace(/^\[|\]$/g, ''));
    else
      allowed.addSubnet(
        address!,
        bits === undefined ? (family === 4 ? 32 : 128) : Number(bits),
        family === 4 ? 'ipv4' : 'ipv6',
      );
  }
  return { hosts, allowed, maxBytes: 2_000_000, timeoutMs: 10_000, maxRedirects: 5, ...caps };
}

/** Whether the policy lets a connection go to `address`. */
function addressAllowed(address: string, policy: FetchPolicy): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (policy.allowed.check(address, family)) return true;
  const mapped = family === 'ipv6' && /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return addressAllowed(mapped, policy);
  return !SPECIAL.check(address, family);
}

/** A `lookup` that answers only when every address of the host is allowed. */
function checkedLookup(policy: FetchPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const refused = addresses.find((a) => !addressAllowed(a.address, policy));
      if (refused || addresses.length === 0)
        return callback(
          new FetchRefused(
            `${hostname} is a private or local address (${refused?.address ?? 'none'}); it is not fetched`,
          ),
        );
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** GETs `url` under `policy`, with `If-None-Match: etag` when given. */
export async function fetchCalendar(url: string, policy: FetchPolicy, etag?: string | null): Promise<FetchAnswer> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  let current = new URL(url);
  for (let hop = 0; hop <= policy.maxRedirects; hop++) {
    const answer = await getOnce(current, policy, etag ?? null, deadline);
    if ('location' in answer) {
      current = new URL(answer.location, current);
      continue;
    }
    return answer;
  }
  throw new FetchRefused(`more than ${policy.maxRedirects} redirects`);
}

function getOnce(
  url: URL,
  policy: FetchPolicy,
  etag: string | null,
  signal: AbortSignal,
): Promise<FetchAnswer | { location: string }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused('only http and https addresses are fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const trusted = policy.hosts.has(host);
  if (!trusted && isIP(host) && !addressAllowed(host, policy))
    throw new FetchRefused(`${host} is a private or local address; it is not fetched`);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        headers: {
          accept: 'text/calendar, */*;q=0.5',
          'user-agent': 'booking-service calendar import',
          ...(etag ? { 'if-none-match': etag } : {}),
        },
        ...(trusted ? {} : { lookup: checkedLookup(policy) as never }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const tag = typeof response.headers.etag === 'string' ? response.headers.etag : null;
        if (status >= 300 && status < 400 && status !== 304 && response.headers.location) {
          response.resume();
          return resolve({ location: response.headers.location });
        }
        if (status === 304) {
          response.resume();
          return resolve({ status: 304, etag: tag ?? etag });
        }
        if (status !== 200) {
          response.resume();
          return reject(new FetchRefused(`the site answered HTTP ${status}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            request.destroy(new FetchRefused(`the calendar is larger than ${policy.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: 200, body: Buffer.concat(chunks).toString('utf8'), etag: tag }));
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(signal.aborted ? new FetchRefused(`no answer within ${policy.timeoutMs / 1000} s`) : error),
    );
  });
}
