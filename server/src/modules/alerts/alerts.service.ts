import type { AlertView } from '#contracts/admin-reminders';
import type { AppContext } from '../../app-context.js';
import type { MailMessage, MailSender } from '../auth/auth-mails.js';
import { findFirstAdmin } from '../auth/admin-user.repository.js';
import { acknowledgeAlert, claimMail, countOpenAlerts, insertAlert, openAlerts } from './alerts.repository.js';

export type AlertKind = AlertView['kind'];

export interface AlertInput {
  kind: AlertKind;
  subject: string;
  message: string;
  runId?: number | null;
}

/** Mail of the same kind goes out at most once an hour, on the injected clock. */
export const ALERT_MAIL_INTERVAL_MS = 60 * 60_000;

export interface AlertsDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>;
  mailer: MailSender;
}

export function alertMail(to: string, alert: AlertInput, publicUrl: string): MailMessage {
  return {
    to,
    subject: `ClanOps alert: ${alert.subject}`,
    text:
      `${alert.subject}\n\n${alert.message}\n\nOpen ${publicUrl.replace(/\/$/, '')}/admin ` +
      `to see and acknowledge it. Further alerts of this kind are not mailed for an hour.`,
  };
}

/**
 * Alerts (docs/reminders.md "Alerts"): a row the admin panel shows until acknowledged, and a mail
 * to the recovery address when SMTP is configured (at most one per hour per kind). Raising never
 * throws: an alert must not fail the run or the delivery it reports on.
 */
export function createAlertsService(deps: AlertsDeps) {
  const { db, clock, config, log } = deps.ctx;
  const inFlight = new Set<Promise<void>>();

  async function mail(id: number, alert: AlertInput, now: Date): Promise<void> {
    if (!config.SMTP_URL) return;
    const to = (await findFirstAdmin(db.kysely))?.email;
    if (!to) return;
    const since = new Date(now.getTime() - ALERT_MAIL_INTERVAL_MS);
    if (!(await claimMail(db.kysely, id, alert.kind, since, now))) return;
    await deps.mailer.send(alertMail(to, alert, config.PUBLIC_URL));
  }

  return {
    async raise(alert: AlertInput): Promise<void> {
      try {
        const now = clock.now();
        const id = await insertAlert(db.kysely, { ...alert, runId: alert.runId ?? null, now });
        const sent = mail(id, alert, now).catch((err: unknown) => log.warn({ err }, 'alert mail failed'));
        inFlight.add(sent);
        void sent.finally(() => inFlight.delete(sent));
      } catch (err) {
        log.error({ err }, 'alert could not be recorded');
      }
    },
    /** every alert mail asked for so far has gone out or failed (tests, shutdown) */
    async settled(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
    async list(): Promise<AlertView[]> {
      return (await openAlerts(db.kysely)).map((r) => ({
        id: r.id,
        kind: r.kind as AlertKind,
        subject: r.subject,
        message: r.message,
        runId: r.script_run_id,
        createdAt: r.created_at,
      }));
    },
    openCount: () => countOpenAlerts(db.kysely),
    acknowledge: (id: number) => acknowledgeAlert(db.kysely, id, clock.now()),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
