// The reference of bench/public-api.ts: a bare Fastify process (its defaults: no logger, no plugins) answering
// each route with a body captured from the real server, as one Buffer, with the headers tools/bare-fastify.ts
// chose (the server's own, or a JSON content type and the captured content encoding).
// Usage: node bench/_bare-server.mjs <config.json>
// config: { "port": 1234, "routes": [{ "path": "/api/clan", "bodyFile": "...", "headers": { ... } }] }
import fs from 'node:fs';
import Fastify from 'fastify';

const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const app = Fastify();
for (const route of config.routes) {
  const body = fs.readFileSync(route.bodyFile);
  app.get(route.path, (_request, reply) => reply.headers(route.headers).send(body));
}
await app.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
