import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerContractSchemas, withContracts } from '../../src/plugins/contract-schemas.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { declaredRoutes, responseSchemaProblem, routesOf } from '../helpers/route-table.js';
import { ADMIN_ENV } from '../helpers/auth.js';

describe('route schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
  });
  afterAll(() => t.close());

  it('walks every registered /api route and finds its contract response schemas, error statuses included', async () => {
    const registered = routesOf(t.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(registered.length).toBeGreaterThan(30);
    const declared = await declaredRoutes(t.app.services);
    const problems = registered.flatMap(({ method, url }) => {
      const problem = responseSchemaProblem(declared.get(`${method} ${url}`));
      return problem ? [`${method} ${url}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('catches a route declared without a response schema', async () => {
    const bare = Fastify({ logger: false });
    registerContractSchemas(bare);
    withContracts(bare).get('/api/unchecked', async () => ({ ok: true }));
    await bare.ready();
    expect(routesOf(bare)).toEqual([
      { method: 'GET', url: '/api/unchecked' },
      { method: 'HEAD', url: '/api/unchecked' },
    ]);
    expect(responseSchemaProblem({ method: 'GET', url: '/api/unchecked', handler: () => null })).toBe(
      'no response schema',
    );
    await bare.close();
  });
});
