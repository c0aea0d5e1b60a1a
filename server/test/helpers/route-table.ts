import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { z } from 'zod';
import { errorBodySchema } from '#contracts/common';
import { registerContractSchemas } from '../../src/plugins/contract-schemas.js';
import { registerRoutes } from '../../src/routes/index.js';
import type { Services } from '../../src/services.js';

export interface RouteRef {
  method: string;
  url: string;
}

/** Every method and URL in `app.printRoutes({ commonPrefix: false })`, as full paths. */
export function routesOf(app: FastifyInstance): RouteRef[] {
  const parents: string[] = [];
  const routes: RouteRef[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const parent = parents[depth - 1] ?? '';
    // below the root, a child without a leading slash continues its parent's segment (/api/clan + s = /api/clans)
    const joined = parent.endsWith('/') || m[2]!.startsWith('/') || depth > 1;
    const url = joined ? parent + m[2] : `${parent}/${m[2]}`;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/** The options of every route registerRoutes declares, caught by an onRoute hook on a bare Fastify. */
export async function declaredRoutes(services: Services): Promise<Map<string, RouteOptions>> {
  const bare = Fastify({ logger: false });
  const declared = new Map<string, RouteOptions>();
  bare.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, route);
  });
  registerContractSchemas(bare);
  await registerRoutes(bare, services);
  await bare.ready();
  await bare.close();
  return declared;
}

/**
 * Why a route's schema falls short: no response schema, no 2xx answer, or a failure status whose
 * body is not the one error body. Null when the route declares them all.
 */
export function responseSchemaProblem(route: RouteOptions | undefined): string | null {
  const response = route?.schema?.response as Record<string, z.ZodType> | undefined;
  if (!response) return 'no response schema';
  const statuses = Object.keys(response);
  if (!statuses.some((s) => s.startsWith('2'))) return 'no 2xx response schema';
  if (!statuses.some((s) => /^[45]/.test(s))) return 'no error response schema';
  const odd = statuses.filter((s) => /^[45]/.test(s) && s !== '503' && response[s] !== errorBodySchema);
  return odd.length > 0 ? `statuses ${odd.join(', ')} do not answer { error, code }` : null;
}
