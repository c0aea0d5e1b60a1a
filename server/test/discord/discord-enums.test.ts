import * as api from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import * as ours from '#server/modules/discord/discord-enums';

// The server's constants stand in for discord-api-types' runtime enums (docs/decisions/076-idle-rss-budget.md):
// each one must carry the package's own value.
describe('discord enums', () => {
  it('match discord-api-types', () => {
    for (const [name, members] of Object.entries(ours)) {
      const theirs = (api as unknown as Record<string, Record<string, number>>)[name];
      for (const [member, value] of Object.entries(members))
        expect([name, member, value]).toEqual([name, member, theirs?.[member]]);
    }
  });
});
