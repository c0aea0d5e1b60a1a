import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
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

/**
 * Compiled on the first answer that needs it, not at start: most statuses of most routes (every admin route, every
 * error) are never sent by an idle public server, and a compiled serializer is generated code held in memory
 * (docs/decisions/071-idle-memory.md). The schema itself is checked at start.
 */
const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, url }) => {
  if (!isZod(schema)) throw new Error(`${url}: response schemas are zod schemas from contracts/`);
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= fastJson(responseJsonSchema(schema)) as (data: unknown) => string)(data);
};

/**
 * Fastify's `schemaController` option: these compilers from the start, so Fastify never loads its default ones (ajv
 * with its formats, and the fast-json-stringify compiler's wrapper), which no route uses: about 1 MB of an idle
 * server's heap (docs/decisions/076-idle-rss-budget.md).
 */
// Fastify's types describe its own ajv-based factories; at run time it uses what a factory returns as the compiler
// setValidatorCompiler/setSerializerCompiler install (lib/schema-controller.js).
export const contractSchemaController = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as FastifyServerOptions['schemaController'];

/** Installs the one way routes validate input and serialise answers; call before any route. */
export function registerContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/** The instance as routes use it: handler types come from the declared schemas. */
export const withContracts = (app: FastifyInstance) => app.withTypeProvider<ContractTypeProvider>();
export type ContractApp = ReturnType<typeof withContracts>;
