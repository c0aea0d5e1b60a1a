import {
  TEMPLATE_IDS,
  type MessageTemplateView,
  type TemplateId,
  type TemplatePreview,
} from '#contracts/admin-reminders';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { MESSAGE_TEMPLATES, placeholderNames } from './message-templates.js';
import { checkTemplate, renderTemplate } from './template.js';
import { deleteTemplate, newestPayloadOf, readTemplates, writeTemplate } from './templates.repository.js';

/** A message as the scripts build it (clients/discord DiscordMessage, the fields templates touch). */
export interface TemplatedMessage {
  content?: string;
  header?: string;
  template?: { id: string; values: Record<string, string> };
}

/** A saved or restored template, for the audit list (docs/decisions/056-template-audit.md). */
export interface TemplateChange {
  id: TemplateId;
  name: string;
  restored: boolean;
  /** the text now in force */
  template: string;
  /** the clan whose template it is */
  clanTag: string;
}

export interface TemplatesDeps {
  /** the message as Discord receives it: content parts within its limits */
  split(message: TemplatedMessage): string[];
  /** told after every save and restore */
  changed?(change: TemplateChange): Promise<void>;
}

const isTemplateId = (id: string): id is TemplateId => (TEMPLATE_IDS as readonly string[]).includes(id);

/**
 * Editable message templates (docs/reminders.md "Templates", docs/decisions/037-message-templates.md):
 * stored only when they differ from the default; a template naming an unknown placeholder is
 * refused (400, the placeholder named); messages are rendered again with the stored template
 * before they are queued, so Discord's limits are applied to the final text.
 */
export function createTemplatesService(ctx: Pick<AppContext, 'db' | 'clans'>, deps: TemplatesDeps) {
  const db = ctx.db.kysely;
  const main = () => ctx.clans.main.tag;

  function check(id: TemplateId, text: string): void {
    const checked = checkTemplate(text, placeholderNames(id));
    if (!checked.ok) {
      throw new AppError(
        400,
        checked.placeholder !== undefined ? 'UNKNOWN_PLACEHOLDER' : 'INVALID_TEMPLATE',
        checked.error,
      );
    }
  }

  function view(id: TemplateId, stored: string | undefined): MessageTemplateView {
    const def = MESSAGE_TEMPLATES[id];
    return {
      id,
      name: def.name,
      template: stored ?? def.defaultTemplate,
      defaultTemplate: def.defaultTemplate,
      isDefault: stored === undefined,
      placeholders: def.placeholders,
    };
  }

  function rerender<M extends TemplatedMessage>(message: M, text: string): M {
    if (!message.template) return message;
    const content = renderTemplate(text, message.template.values);
    return { ...message, content, ...(message.header !== undefined ? { header: content.split('\n')[0] } : {}) };
  }

  return {
    async list(clanTag = main()): Promise<MessageTemplateView[]> {
      const stored = await readTemplates(db, clanTag);
      return TEMPLATE_IDS.map((id) => view(id, stored.get(id)));
    },
    async save(id: TemplateId, text: string, clanTag = main()): Promise<MessageTemplateView> {
      check(id, text);
      if (text === MESSAGE_TEMPLATES[id].defaultTemplate) await deleteTemplate(db, clanTag, id);
      else await writeTemplate(db, clanTag, id, text);
      await deps.changed?.({ id, name: MESSAGE_TEMPLATES[id].name, restored: false, template: text, clanTag });
      return view(id, text === MESSAGE_TEMPLATES[id].defaultTemplate ? undefined : text);
    },
    async restore(id: TemplateId, clanTag = main()): Promise<MessageTemplateView> {
      await deleteTemplate(db, clanTag, id);
      const def = MESSAGE_TEMPLATES[id];
      await deps.changed?.({ id, name: def.name, restored: true, template: def.defaultTemplate, clanTag });
      return view(id, undefined);
    },
    /** The text as it would be posted: on the newest stored message of this kind, else on example values. */
    async preview(id: TemplateId, text: string, clanTag = main()): Promise<TemplatePreview> {
      check(id, text);
      const newest = await newestPayloadOf(db, clanTag, id);
      const stored = newest ? (JSON.parse(newest.payload) as TemplatedMessage) : null;
      if (stored?.template) {
        return {
          parts: deps.split(rerender(stored, text)),
          source: `The newest ${MESSAGE_TEMPLATES[id].name.toLowerCase()} message (${newest!.createdAt.slice(0, 16).replace('T', ' ')} UTC).`,
        };
      }
      const example = { content: '', header: '', template: { id, values: MESSAGE_TEMPLATES[id].example } };
      return {
        parts: deps.split(rerender(example, text)),
        source: 'Example values: no message of this kind has been posted yet.',
      };
    },
    /** Renders a clan's queued messages with its stored templates (the defaults leave them as built). */
    async apply<M extends TemplatedMessage>(messages: M[], clanTag = main()): Promise<M[]> {
      if (!messages.some((m) => m.template)) return messages;
      const stored = await readTemplates(db, clanTag);
      return messages.map((m) => {
        const id = m.template?.id;
        const text = id && isTemplateId(id) ? stored.get(id) : undefined;
        return text === undefined ? m : rerender(m, text);
      });
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
