import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { Services } from '../services.js';
import { ConsoleSessions } from './sessions.js';
import { guardConsole } from './guard.js';
import { registerSessionRoutes } from './session-routes.js';
import { registerConsoleSurfaces } from './surfaces.js';
import { registerConsoleAssets } from './assets.js';

/**
 * The researcher's console: its page at `/`, its bundle under `/console/`, sign-in at
 * `/console/session`, and the API's surfaces again under `/console/api/…`, authenticated by the
 * session cookie. Everything here is encapsulated: the cookie parser, the CSRF rules and the
 * security headers touch no other route.
 */
export function registerConsole(app: FastifyInstance, services: Services, sessions = new ConsoleSessions()): void {
  void app.register(async (scope) => {
    await scope.register(cookie);
    guardConsole(scope);
    registerConsoleAssets(scope);
    registerSessionRoutes(scope, services, sessions);
    await scope.register(async (api) => registerConsoleSurfaces(api, services, sessions), { prefix: '/console' });
  });
}
