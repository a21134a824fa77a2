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
  constructor(readonly url: string, readonly reason: string) {
    super(`${url}: ${reason}`);
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

/** Only globally routable unicast addresses are fetched. */
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

export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() === 'unicast';
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
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await (opts.lookup ?? defaultLookup)(host).catch(() => {
    throw new FetchRefusedError(raw, `the host ${host} could not be resolved`);
  });
  if (addresses.length === 0) throw new FetchRefusedError(raw, `the host ${host} has no address`);
  for (const a of addresses) {
    if (!(opts.allowAddress?.(a.address) ?? false) && !isPublicAddress(a.address)) {
      throw new FetchRefusedError(raw, `the host ${host} resolves to a private, loopback or reserved address (${a.address})`);
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
    const req = lib.request(url, {
      method: 'GET',
      headers: { 'user-agent': 'sift-fetcher/1.0', accept: '*/*' },
      // Node asks for every address (`all`) since v20; either way it gets only the checked one.
      lookup: ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) =>
        options?.all ? cb(null, [{ address: pinned.address, family: pinned.family }]) : cb(null, pinned.address, pinned.family)) as never,
    }, (res) => {
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
      res.on('error', (err) => reject(new FetchRefusedError(raw, `the download failed: ${err.message}`)));
    });
    const timer = setTimeout(() => req.destroy(new FetchRefusedError(raw, 'timed out')), remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err) => reject(err instanceof FetchRefusedError ? err : new FetchRefusedError(raw, `the request failed: ${err.message}`)));
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
