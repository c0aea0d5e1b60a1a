import type { Generated } from 'kysely';

// The scripts' tables: schedules, runs, locks, and the Discord outbox their messages go through.

export interface ScriptSchedulesTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  script_id: string;
  cron: string;
  updated_at: string;
}

export interface ScriptRunsTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  id: Generated<number>;
  script_id: string;
  trigger: string;
  occurrence_key: string | null;
  status: string;
  message: string | null;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  /** JSON: { discordMessage, outputs[], errors[], dataProcessed } */
  details: string | null;
}

export interface ScriptLocksTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  script_id: string;
  holder: string;
  acquired_at: string;
  expires_at: string;
}

/** One message to Discord and its delivery (docs/decisions/042-durable-outbox.md). */
export interface DiscordOutboxTable {
  /** the clan this row belongs to (docs/decisions/100-clan-family-data-model.md) */
  clan_tag: string;
  id: Generated<number>;
  script_run_id: number | null;
  script_id: string | null;
  created_at: string;
  payload: string;
  /**
   * 'outbox' (kept, no webhook) | 'pending' | 'failed' (retried) | 'sent' | 'abandoned' (given up) | 'expired' (its
   * moment passed before it could be sent: a reminder after its reset)
   */
  status: string;
  /** dropped as 'expired' rather than sent after this instant; null: no deadline */
  expires_at: string | null;
  error: string | null;
  attempts: Generated<number>;
  /** a failed row is not tried again before this instant */
  next_attempt_at: string | null;
  sent_at: string | null;
  /** parts of a split message Discord already holds: a retry sends only the rest */
  parts_sent: Generated<number>;
  /** JSON: the ids Discord gave the parts sent (`?wait=true`) */
  message_ids: string | null;
  /** the instance sending it now, until `claimed_until` (database clock) */
  claimed_by: string | null;
  claimed_until: string | null;
  /** null: the clan's webhook */
  destination: string | null;
}
