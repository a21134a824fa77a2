import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefusedError, safeFetch } from '../../src/engine/fetch/index.js';

const refused = async (url: string, opts = {}) => {
  const err = await safeFetch(url, opts).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FetchRefusedError);
  return (err as FetchRefusedError).reason;
};

describe('safe URL fetching', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/ok.txt') return res.end('hello from the test server');
      if (req.url === '/named') {
        res.setHeader('content-disposition', 'attachment; filename="report.csv"');
        return res.end('a,b\n1,2\n');
      }
      if (req.url === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.7/secret' }).end();
      if (req.url === '/to-loopback') return res.writeHead(302, { location: 'http://127.0.0.2:9/x' }).end();
      if (req.url === '/big') return res.writeHead(200, { 'content-length': String(10_000) }).end('x'.repeat(10_000));
      if (req.url === '/lying') {
        res.writeHead(200);
        res.write('x'.repeat(3000));
        return res.end('x'.repeat(3000));
      }
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const testHost = { lookup: async () => [{ address: '127.0.0.1', family: 4 }], allowAddress: (ip: string) => ip === '127.0.0.1' };

  it('refuses other schemes and every private, loopback, link-local and reserved address, in any notation', async () => {
    expect(await refused('ftp://example.com/a')).toMatch(/only http and https/);
    expect(await refused('file:///etc/passwd')).toMatch(/only http and https/);
    for (const url of [
      'http://127.0.0.1/', 'http://localhost.invalid/', 'http://10.1.2.3/', 'http://172.16.0.1/', 'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://[fe80::1]/', 'http://[fc00::1]/', 'http://[::ffff:127.0.0.1]/',
      'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://0.0.0.0/', 'http://100.64.0.1/', 'http://224.0.0.1/',
    ]) {
      const reason = await refused(url, { lookup: async (h: string) => (h === 'localhost.invalid' ? [{ address: '127.0.0.1', family: 4 }] : []) });
      expect([url, reason]).toEqual([url, expect.stringMatching(/private|no address|could not be resolved/)]);
    }
  });

  it('refuses a name that resolves to a private address among public ones', async () => {
    const reason = await refused('http://mixed.example/', { lookup: async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.1', family: 4 }] });
    expect(reason).toContain('10.0.0.1');
  });

  it('fetches from an allowed server, naming the file from the headers or the path', async () => {
    const ok = await safeFetch(`http://files.test:${port}/ok.txt`, testHost);
    expect(ok.data.toString()).toBe('hello from the test server');
    expect(ok.filename).toBe('ok.txt');
    expect((await safeFetch(`http://files.test:${port}/named`, testHost)).filename).toBe('report.csv');
  });

  it('checks every redirect hop again', async () => {
    expect(await refused(`http://files.test:${port}/to-private`, testHost)).toMatch(/private/);
    expect(await refused(`http://files.test:${port}/to-loopback`, testHost)).toMatch(/private/);
  });

  it('caps size (declared and streamed), time, and refuses errors', async () => {
    expect(await refused(`http://files.test:${port}/big`, { ...testHost, maxBytes: 5000 })).toMatch(/larger/);
    expect(await refused(`http://files.test:${port}/lying`, { ...testHost, maxBytes: 5000 })).toMatch(/larger/);
    expect(await refused(`http://files.test:${port}/slow`, { ...testHost, timeoutMs: 200 })).toMatch(/timed out/);
    expect(await refused(`http://files.test:${port}/missing`, testHost)).toMatch(/HTTP 404/);
  });
});
