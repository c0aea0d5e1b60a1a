import type { AuditEvent } from '#contracts/admin-auth';
import type { AppContext } from '../../app-context.js';
import type { MailMessage, MailSender } from '../auth/auth-mails.js';
import { findFirstAdmin } from '../auth/admin-user.repository.js';
import { claimAuditMail, insertAuditEvent, newestAuditEvents } from './audit.repository.js';

export type AuditKind = AuditEvent['kind'];

export interface AuditInput {
  kind: AuditKind;
  /** what changed, as the admin names it (the template's name) */
  subject: string;
  /** the new text, for the mail */
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

export function auditMail(to: string, event: AuditInput, when: Date, publicUrl: string): MailMessage {
  const what = event.kind === 'template-restored' ? 'restored to the default' : 'edited';
  return {
    to,
    subject: 'ClanOps: a message template was changed',
    text: [
      `The "${event.subject}" message template was ${what} at ${when.toISOString()} (UTC).`,
      ...(event.detail !== null ? ['', 'It now reads:', '', event.detail] : []),
      '',
      `Changes in the next ${AUDIT_MAIL_INTERVAL_MS / 60_000} minutes are not mailed ` +
        `again; Account Settings lists them all: ${publicUrl.replace(/\/$/, '')}/admin`,
      '',
      'If it was not you, sign in, change the password (that signs every session out) and restore the template in the Reminders tab.',
    ].join('\n'),
  };
}

/**
 * The audit list (docs/decisions/056-template-audit.md): changes a stolen session could make
 * without the admin noticing, recorded with their time, listed in Account Settings and mailed to
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
