import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetches a URL for an upload without letting it reach the server's own network: every address
 * a name resolves to is classified with ipaddr.js, the connection is pinned to the address that
 * was checked (no DNS rebinding between check and connect), and redirects are followed by hand
 * so that each hop is checked again. Size and time are capped.
 */
export class FetchRefusedError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`${url}: ${reason}`, options);
    this.name = 'FetchRefusedError';
  }
}

export type LookupFn = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  lookup?: LookupFn;
  /** For tests only: lets a local test server through. */
  allowAddress?: (ip: string) => boolean;
}

export interface Fetched {
  data: Buffer;
  filename: string;
  contentType: string | null;
  finalUrl: string;
}

const defaultLookup: LookupFn = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** An `allowAddress` for operator-listed private ranges (CIDR notation). */
export function allowCidrs(cidrs: string[]): ((ip: string) => boolean) | undefined {
  if (cidrs.length === 0) return undefined;
  const ranges = cidrs.map((c) => ipaddr.parseCIDR(c));
  return (ip) => {
    if (!ipaddr.isValid(ip)) return false;
    let addr = ipaddr.parse(ip);
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
    return ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match([net, bits] as never));
  };
}

/** The IPv4 address held in bytes `at`..`at+3` of an IPv6 address, optionally XORed with 0xff (Teredo). */
const v4At =
  (at: number, invert = false) =>
  (bytes: number[]) =>
    ipaddr.fromByteArray(bytes.slice(at, at + 4).map((b) => (invert ? b ^ 0xff : b))) as ipaddr.IPv4;

/**
 * IPv6 forms that carry an IPv4 address, and where it sits. An address in one of these ranges is
 * no more public than the IPv4 address it embeds: `::7f00:1` (that is `::127.0.0.1`) is loopback.
 */
type Embedded = (bytes: number[]) => ipaddr.IPv4;
const EMBEDDING_RANGES = (
  [
    // IPv4-compatible (RFC 4291 2.5.5.1, deprecated), ::a.b.c.d; also covers :: and ::1.
    ['::/96', [v4At(12)]],
    // IPv4-mapped, ::ffff:a.b.c.d.
    ['::ffff:0:0/96', [v4At(12)]],
    // IPv4-translated (RFC 6145), ::ffff:0:a.b.c.d.
    ['::ffff:0:0:0/96', [v4At(12)]],
    // NAT64 well-known prefix (RFC 6052), 64:ff9b::a.b.c.d.
    ['64:ff9b::/96', [v4At(12)]],
    // NAT64 local-use prefix (RFC 8215); read as a /96 inside it, the usual deployment.
    ['64:ff9b:1::/48', [v4At(12)]],
    // 6to4 (RFC 3056), 2002:AABB:CCDD::/48: the IPv4 is bits 16-48.
    ['2002::/16', [v4At(2)]],
    // Teredo (RFC 4380), 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC: server is bits 32-64, client is the last 32 bits inverted.
    ['2001::/32', [v4At(4), v4At(12, true)]],
  ] satisfies [string, Embedded[]][]
).map(([cidr, embedded]) => ({ range: ipaddr.IPv6.parseCIDR(cidr), embedded }));

/** Every IPv4 address embedded in `addr` by the forms above (none for other addresses). */
function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4[] {
  const bytes = addr.toByteArray();
  return EMBEDDING_RANGES.filter(({ range }) => addr.match(range)).flatMap(({ embedded }) => embedded.map((read) => read(bytes)));
}

/** Only globally routable unicast addresses are fetched. */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  if (embeddedIPv4(v6).some((v4) => v4.range() !== 'unicast')) return false;
  // IPv4-mapped addresses are judged by their IPv4 address alone; the other embedding ranges
  // (6to4, Teredo, NAT64, IPv4-translated) are special-purpose ranges and stay refused as before.
  return v6.isIPv4MappedAddress() || v6.range() === 'unicast';
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefusedError(raw, 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError(raw, `only http and https URLs are fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefusedError(raw, 'URLs with credentials are not fetched');
  return url;
}

async function checkedAddress(url: URL, raw: string, opts: SafeFetchOptions): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // WHATWG URL parsing already turned decimal/octal/hex IPv4 forms into dotted quads.
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await (opts.lookup ?? defaultLookup)(host).catch((err: unknown) => {
        throw new FetchRefusedError(raw, `the host ${host} could not be resolved`, { cause: err });
      });
  if (addresses.length === 0) throw new FetchRefusedError(raw, `the host ${host} has no address`);
  for (const a of addresses) {
    if (!(opts.allowAddress?.(a.address) ?? false) && !isPublicAddress(a.address)) {
      throw new FetchRefusedError(
        raw,
        `the host ${host} resolves to a private, loopback or reserved address (${a.address}); an operator can allow private ranges with SIFT_FETCH_ALLOW_CIDRS`,
      );
    }
  }
  return addresses[0]!;
}

function filenameOf(disposition: string | undefined, url: URL): string {
  const star = disposition && /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = disposition && /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  if (plain) return plain[1]!.trim();
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
  return last || 'download';
}

function requestOnce(url: URL, pinned: { address: string; family: number }, raw: string, maxBytes: number, deadline: number) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; data: Buffer }>((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchRefusedError(raw, 'timed out'));
    const req = lib.request(
      url,
      {
        method: 'GET',
        headers: { 'user-agent': 'sift-fetcher/1.0', accept: '*/*' },
        // Node asks for every address (`all`) since v20; either way it gets only the checked one.
        lookup: ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) =>
          options?.all ? cb(null, [{ address: pinned.address, family: pinned.family }]) : cb(null, pinned.address, pinned.family)) as never,
      },
      (res) => {
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          req.destroy();
          return reject(new FetchRefusedError(raw, `the file is larger than ${Math.round(maxBytes / 1048576)} MB`));
        }
        const parts: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy();
            reject(new FetchRefusedError(raw, `the file is larger than ${Math.round(maxBytes / 1048576)} MB`));
            return;
          }
          parts.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, data: Buffer.concat(parts) }));
        res.on('error', (err) => reject(new FetchRefusedError(raw, `the download failed: ${err.message}`, { cause: err })));
      },
    );
    const timer = setTimeout(() => req.destroy(new FetchRefusedError(raw, 'timed out')), remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err) => reject(err instanceof FetchRefusedError ? err : new FetchRefusedError(raw, `the request failed: ${err.message}`, { cause: err })));
    req.end();
  });
}

export async function safeFetch(raw: string, opts: SafeFetchOptions = {}): Promise<Fetched> {
  const maxBytes = opts.maxBytes ?? 50 * 1024 * 1024;
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  const maxRedirects = opts.maxRedirects ?? 5;
  let url = parseTarget(raw);
  for (let hop = 0; ; hop++) {
    const pinned = await checkedAddress(url, raw, opts);
    const res = await requestOnce(url, pinned, raw, maxBytes, deadline);
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      if (hop >= maxRedirects) throw new FetchRefusedError(raw, `more than ${maxRedirects} redirects`);
      url = parseTarget(new URL(res.headers.location, url).toString());
      continue;
    }
    if (res.status < 200 || res.status >= 300) throw new FetchRefusedError(raw, `the server answered HTTP ${res.status}`);
    return {
      data: res.data,
      filename: filenameOf(res.headers['content-disposition'], url),
      contentType: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null,
      finalUrl: url.toString(),
    };
  }
}
