import { describe, expect, it } from 'vitest';
import { checkTemplate, renderTemplate } from '#server/modules/messages/template';

const PLACEHOLDERS = ['title', 'groups', 'count'];

describe('message templates', () => {
  it.each([
    ['**Inactive · {title}**\n{groups}', { ok: true }],
    ['{title} has {{braces}}', { ok: true }],
    ['', { ok: false, error: 'The template is empty.' }],
    [
      '{title} {mentions}',
      {
        ok: false,
        error: 'Unknown placeholder {mentions}. Available: {title}, {groups}, {count}.',
        placeholder: 'mentions',
      },
    ],
    ['{ti tle}', expect.objectContaining({ ok: false, placeholder: 'ti tle' })],
    ['{title', expect.objectContaining({ ok: false, error: expect.stringMatching(/^A brace is not closed/) })],
    ['x'.repeat(1001), { ok: false, error: 'Keep the template under 1000 characters.' }],
  ])('checks %j', (template, expected) => {
    expect(checkTemplate(template, PLACEHOLDERS)).toEqual(expected);
  });

  it('fills placeholders and writes literal braces', () => {
    expect(
      renderTemplate('**{title}** ({count}) {{ok}}\n{groups}', { title: 'Day 2', count: '3', groups: '- A' }),
    ).toBe('**Day 2** (3) {ok}\n- A');
  });

  it('never evaluates what a value contains', () => {
    expect(renderTemplate('{title}', { title: '{groups} ${process.exit()}' })).toBe('{groups} ${process.exit()}');
  });
});
