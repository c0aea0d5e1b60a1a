import type {
  FastifyInstance,
  FastifyReply,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Routes declare the zod schemas of contracts/ as their Fastify schemas (docs/decisions/030-route-schemas.md):
 * - input (params, querystring, body) is parsed by zod, so a route gets the parsed value and a bad
 *   request fails with the contract's own message (the error handler answers 400 VALIDATION_ERROR);
 * - every answer is serialised by fast-json-stringify from the schema of its status, so it carries
 *   the contract's fields only, at the speed of the bare Fastify serialiser.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, url }) => {
  if (!isZod(schema)) throw new Error(`${url}: request schemas are zod schemas from contracts/`);
  return (data) => {
    // Fastify hands a missing body over as null; it is parsed as missing.
    const result = schema.safeParse(data ?? undefined);
    return result.success ? { value: result.data } : { error: result.error };
  };
};

/** The JSON Schema fast-json-stringify compiles: what the contract schema produces. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return json;
}

const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, url }) => {
  if (!isZod(schema)) throw new Error(`${url}: response schemas are zod schemas from contracts/`);
  return fastJson(responseJsonSchema(schema)) as (data: unknown) => string;
};

/** Installs the one way routes validate input and serialise answers; call before any route. */
export function registerContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/** The instance as routes use it: handler types come from the declared schemas. */
export const withContracts = (app: FastifyInstance) => app.withTypeProvider<ContractTypeProvider>();
export type ContractApp = ReturnType<typeof withContracts>;

/** The content type Fastify gives a serialised JSON answer. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * For answers served from a cache that hands out the same body object until it changes (modules/clan/clan.service.ts):
 * the body is serialised by the same fast-json-stringify compilation as the route's 200 schema, once per body object,
 * and kept as bytes; every later request sends those bytes as they are (docs/architecture.md §9). The route still
 * declares the schema, so the contract and the route-schema check are unchanged.
 */
export function cachedJsonAnswer<S extends z.ZodType>(
  schema: S,
): (reply: FastifyReply, body: z.input<S>) => FastifyReply {
  const serialize = fastJson(responseJsonSchema(schema)) as (data: unknown) => string;
  const bytes = new WeakMap<object, Buffer>();
  return (reply, body) => {
    let payload = bytes.get(body as object);
    if (!payload) {
      payload = Buffer.from(serialize(body));
      bytes.set(body as object, payload);
    }
    // A Buffer with a content type is sent as it is: Fastify runs no serialiser for it.
    return reply.header('content-type', JSON_CONTENT_TYPE).send(payload);
  };
}
