/**
 * Message templates the leader can edit (docs/decisions/037-message-templates.md): plain text with
 * named placeholders in braces, `{title}`. `{{` and `}}` write a literal brace. Nothing else is
 * special, so a template can never run code or reach data it was not given.
 */
export type TemplateCheck = { ok: true } | { ok: false; error: string; placeholder?: string };

const TOKEN = /\{\{|\}\}|\{([^{}]*)\}|[{}]/g;
const NAME = /^[a-zA-Z][a-zA-Z0-9]*$/;
/** A template is at most this long (a Discord message is 2,000 characters). */
export const TEMPLATE_MAX_LENGTH = 1000;

/** Checks a template against the placeholders its message offers. */
export function checkTemplate(template: string, placeholders: readonly string[]): TemplateCheck {
  if (template.trim() === '') return { ok: false, error: 'The template is empty.' };
  if (template.length > TEMPLATE_MAX_LENGTH)
    return { ok: false, error: `Keep the template under ${TEMPLATE_MAX_LENGTH} characters.` };
  for (const match of template.matchAll(TOKEN)) {
    const token = match[0];
    if (token === '{{' || token === '}}') continue;
    const name = match[1];
    if (name === undefined) {
      return { ok: false, error: 'A brace is not closed: write {name} for a placeholder, or {{ and }} for a brace.' };
    }
    if (!NAME.test(name.trim()) || !placeholders.includes(name.trim())) {
      return {
        ok: false,
        error: `Unknown placeholder {${name}}. Available: ${placeholders.map((p) => `{${p}}`).join(', ')}.`,
        placeholder: name,
      };
    }
  }
  return { ok: true };
}

/** Fills a checked template; a value that is missing renders as nothing. */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(TOKEN, (token, name: string | undefined) => {
    if (token === '{{') return '{';
    if (token === '}}') return '}';
    return name === undefined ? token : (values[name.trim()] ?? '');
  });
}
