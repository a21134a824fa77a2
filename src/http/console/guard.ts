import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../domain/errors.js';

/** The console's pages load nothing but its own script, style sheet and API. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** Every state-changing console request carries this header; a cross-site form cannot set it. */
export const CONSOLE_HEADER = 'x-sift-console';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when the browser says the request comes from a page of this very origin: `Sec-Fetch-Site`
 * when sent (every current browser does), else the `Origin` header's host against `Host`. A
 * request with neither is not from the console's pages (scripts use the API with a key instead).
 */
export function fromSameOrigin(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  if (typeof origin === 'string') {
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  }
  return site === 'same-origin';
}

/**
 * Security headers on everything the console answers, and the CSRF rules for what changes
 * state: beside the SameSite=Strict cookie, a same-origin request with the console's header.
 */
export function guardConsole(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    if (!fromSameOrigin(req)) throw forbidden('cross-site request refused: the console accepts changes only from its own pages');
    if (req.headers[CONSOLE_HEADER] !== '1') throw forbidden(`the console's requests carry the header ${CONSOLE_HEADER}: 1`);
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
}
