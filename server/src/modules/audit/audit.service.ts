import type { AuditEvent } from '#contracts/admin-auth';
import type { AppContext } from '../../app-context.js';
import type { MailMessage, MailSender } from '../auth/auth-mails.js';
import { findFirstAdmin } from '../auth/admin-user.repository.js';
import { LEADERS_CHANGED } from './leaders-audit.js';
import { claimAuditMail, insertAuditEvent, newestAuditEvents } from './audit.repository.js';

export type AuditKind = AuditEvent['kind'];

export interface AuditInput {
  kind: AuditKind;
  /** what changed, as the admin names it (the template's name, the clan whose webhook it is) */
  subject: string;
  /** the new text, for the mail (a webhook's host and id, never its token) */
  detail: string | null;
}

/** A burst of changes (editing several templates) gives one mail; the list has them all. */
export const AUDIT_MAIL_INTERVAL_MS = 15 * 60_000;
/** How many of the newest changes Account Settings lists. */
export const AUDIT_LIST_LENGTH = 20;

export interface AuditDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>;
  mailer: MailSender;
}

/** What each kind of change did, in the mail's words. */
const CHANGED: Record<AuditKind, { title: string; did: (subject: string) => string; detail: string; undo: string }> = {
  'template-saved': {
    title: 'a message template was changed',
    did: (subject) => `The "${subject}" message template was edited`,
    detail: 'It now reads:',
    undo: 'restore the template in the Reminders tab',
  },
  'template-restored': {
    title: 'a message template was changed',
    did: (subject) => `The "${subject}" message template was restored to the default`,
    detail: 'It now reads:',
    undo: 'restore the template in the Reminders tab',
  },
  'webhook-set': {
    title: "a clan's Discord webhook was changed",
    did: (subject) => `The Discord webhook of ${subject} was set`,
    detail: 'Its messages now go to (the webhook token is never shown):',
    undo: 'set the right webhook again in the Family tab',
  },
  'webhook-removed': {
    title: "a clan's Discord webhook was changed",
    did: (subject) =>
      `The Discord webhook of ${subject} was removed (a family clan keeps its messages in its outbox; ` +
      'the main clan uses DISCORD_WEBHOOK_URL)',
    detail: '',
    undo: 'set the webhook again in the Family tab',
  },
  ...LEADERS_CHANGED,
};

export function auditMail(to: string, event: AuditInput, when: Date, publicUrl: string): MailMessage {
  const change = CHANGED[event.kind];
  return {
    to,
    subject: `ClanOps: ${change.title}`,
    text: [
      `${change.did(event.subject)} at ${when.toISOString()} (UTC).`,
      ...(event.detail !== null ? ['', change.detail, '', event.detail] : []),
      '',
      `Changes in the next ${AUDIT_MAIL_INTERVAL_MS / 60_000} minutes are not mailed ` +
        `again; Account Settings lists them all: ${publicUrl.replace(/\/$/, '')}/admin`,
      '',
      `If it was not you, sign in, change the password (that signs every session out) and ${change.undo}.`,
    ].join('\n'),
  };
}

/**
 * The audit list (docs/decisions/056-template-audit.md, 115-webhook-changes-reauthenticated.md): changes a stolen
 * session could make without the admin noticing (message templates, clans' webhooks), recorded with their time, listed in Account Settings and mailed to
 * the recovery email when SMTP is set (one mail per 15 minutes). Recording never throws: the
 * change it reports on has been made.
 */
export function createAuditService(deps: AuditDeps) {
  const { db, clock, config, log } = deps.ctx;
  const inFlight = new Set<Promise<void>>();

  async function mail(id: number, event: AuditInput, now: Date): Promise<void> {
    if (!config.SMTP_URL) return;
    const to = (await findFirstAdmin(db.kysely))?.email;
    if (!to) return;
    if (!(await claimAuditMail(db.kysely, id, new Date(now.getTime() - AUDIT_MAIL_INTERVAL_MS), now))) return;
    await deps.mailer.send(auditMail(to, event, now, config.PUBLIC_URL));
  }

  return {
    async record(event: AuditInput): Promise<void> {
      try {
        const now = clock.now();
        const id = await insertAuditEvent(db.kysely, { ...event, now });
        log.info({ event: 'admin.audit', kind: event.kind, subject: event.subject }, 'admin.audit');
        const sent = mail(id, event, now).catch((err: unknown) => log.warn({ err }, 'audit mail failed'));
        inFlight.add(sent);
        void sent.finally(() => inFlight.delete(sent));
      } catch (err) {
        log.error({ err }, 'audit event could not be recorded');
      }
    },
    /** every audit mail asked for so far has gone out or failed (tests, shutdown) */
    async settled(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
    async list(): Promise<AuditEvent[]> {
      return (await newestAuditEvents(db.kysely, AUDIT_LIST_LENGTH)).map((r) => ({
        id: r.id,
        kind: r.kind as AuditKind,
        subject: r.subject,
        at: r.created_at,
      }));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
