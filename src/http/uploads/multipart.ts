import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';

/**
 * Registers routes that read multipart bodies in a scope of their own, with the multipart
 * plugin there only: it hooks every request of the scope it is registered in (three hooks and a
 * listener), which the JSON surfaces should not pay for.
 */
export function withMultipart(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    // Uploads stream their parts themselves (receive.ts) with per-request limits.
    await scope.register(multipart, { throwFileSizeLimit: true });
    routes(scope);
  });
}
