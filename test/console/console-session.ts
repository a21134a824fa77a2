import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';

/** The console's own host, and the headers a same-site request from it carries. */
export const HOST = 'console.test';
export const SAME = { host: HOST, origin: `http://${HOST}`, 'x-sift-console': '1' };

/** Signs in to the console with `key`; the session's cookie (`name=value`) to send with later requests. */
export async function consoleCookie(t: TestApp, key: string): Promise<string> {
  const res = await t.app.server.inject({
    method: 'POST',
    url: '/console/session',
    headers: { ...SAME, 'content-type': 'application/json' },
    payload: JSON.stringify({ key }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0]!;
}
