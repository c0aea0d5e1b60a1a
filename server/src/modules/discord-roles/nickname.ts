import { NICKNAME_MAX } from './rules.js';

/**
 * The nickname a template gives: `{name}`, `{clan}` and `{role}` replaced, spaces tidied, and
 * within Discord's 32 characters. When too long, the player's name is shortened first (the clan
 * and role parts are what the template is for), then the whole is cut. Lengths count code points,
 * so an emoji is never split.
 */
export function renderNickname(template: string, parts: { name: string; clan: string; role: string }): string {
  const fill = (name: string) =>
    template
      .replaceAll('{name}', name)
      .replaceAll('{clan}', parts.clan)
      .replaceAll('{role}', parts.role)
      .replace(/\s+/g, ' ')
      .trim();
  const full = fill(parts.name);
  if ([...full].length <= NICKNAME_MAX) return full;
  const name = [...parts.name];
  const over = [...full].length - NICKNAME_MAX;
  if (template.includes('{name}') && over < name.length) {
    const shorter = fill(
      name
        .slice(0, name.length - over)
        .join('')
        .trimEnd(),
    );
    if ([...shorter].length <= NICKNAME_MAX) return shorter;
  }
  return [...full].slice(0, NICKNAME_MAX).join('').trimEnd();
}
