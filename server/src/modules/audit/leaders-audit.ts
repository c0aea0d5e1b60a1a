import type { AuditEvent } from '#contracts/admin-auth';

type LeadersKind = Extract<
  AuditEvent['kind'],
  | 'note-added'
  | 'strike-added'
  | 'note-removed'
  | 'watch-added'
  | 'watch-removed'
  | 'strike-rules-saved'
  | 'log-webhook-set'
  | 'log-webhook-removed'
>;

const MEMORY = 'the Leaders tab';

/** What each change of the leaders' memory did, in the audit mail's words (docs/leaders-memory.md). */
export const LEADERS_CHANGED: Record<
  LeadersKind,
  { title: string; did: (subject: string) => string; detail: string; undo: string }
> = {
  'note-added': {
    title: 'a leaders’ note was added',
    did: (subject) => `A note on ${subject} was added`,
    detail: 'It reads:',
    undo: `remove it in ${MEMORY}`,
  },
  'strike-added': {
    title: 'a strike was given',
    did: (subject) => `A strike on ${subject} was given`,
    detail: 'Its reason:',
    undo: `remove it in ${MEMORY}`,
  },
  'note-removed': {
    title: 'a leaders’ note or strike was removed',
    did: (subject) => `A note or strike on ${subject} was removed`,
    detail: 'It read:',
    undo: `write it again in ${MEMORY}`,
  },
  'watch-added': {
    title: 'a player was put on the watch list',
    did: (subject) => `${subject} was put on the watch list`,
    detail: 'The reason:',
    undo: `take the player off the watch list in ${MEMORY}`,
  },
  'watch-removed': {
    title: 'a player was taken off the watch list',
    did: (subject) => `${subject} was taken off the watch list`,
    detail: 'The reason was:',
    undo: `put the player on the watch list again in ${MEMORY}`,
  },
  'strike-rules-saved': {
    title: 'the strike rules were changed',
    did: (subject) => `The strike rules of ${subject} were saved`,
    detail: 'They now read:',
    undo: `set them back in ${MEMORY}`,
  },
  'log-webhook-set': {
    title: 'a clan log channel was changed',
    did: (subject) => `The log channel webhook of ${subject} was set`,
    detail: 'The clan log now goes to (the webhook token is never shown):',
    undo: `set the right log channel again in ${MEMORY}`,
  },
  'log-webhook-removed': {
    title: 'a clan log channel was changed',
    did: (subject) => `The log channel webhook of ${subject} was removed (the clan log is no longer posted)`,
    detail: '',
    undo: `set the log channel again in ${MEMORY}`,
  },
};
