import { z } from 'zod';

/**
 * A contract schema as a Fastify response schema: the body is serialised by fast-json-stringify
 * (faster than JSON.stringify on the hot cached path, docs/architecture.md §9) and limited to the contract's fields.
 */
export function responseSchema(schema: z.ZodType): { 200: Record<string, unknown> } {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  return { 200: json };
}
