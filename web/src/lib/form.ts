import type { input, output, ZodType } from 'zod';

export type FormCheck<T> = { ok: true; data: T } | { ok: false; field: string; message: string };

/**
 * The one way a form is checked before its call (docs/product.md §5): the request's contract
 * schema, so the client keeps the server's rules and messages. The first broken rule is reported;
 * `messages` words a field's rule for this form where the catalogue asks for its own text.
 */
export function checkForm<S extends ZodType>(
  schema: S,
  values: input<S>,
  messages: Partial<Record<string, string>> = {},
): FormCheck<output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  return { ok: false, field, message: messages[field] ?? issue?.message ?? 'Check the form' };
}
