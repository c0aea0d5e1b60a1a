import type { Generated } from 'kysely';

/** Row types of the one admin's sign-in tables (docs/architecture.md §4), apart from schema.ts for its size. */

export interface AdminUsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  token_version: number;
  must_change_password: number;
  email: string | null;
  created_at: string;
  updated_at: string;
  /** SEC-MAIL-01: the requested address, applied only when its mailed link is opened */
  pending_email: string | null;
  pending_email_token_hash: string | null;
  pending_email_expires_at: string | null;
  /** SEC-MFA-01: the TOTP secret once enrolment is confirmed, the pending one until then; sealed with AES-256-GCM (secret-box.ts) */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_pending_expires_at: string | null;
  /** the last accepted 30-second step: a code is never accepted twice */
  totp_last_step: number | null;
  /** device cookies are signed over it; bumped by a password change, a reset and a TOTP change */
  device_generation: Generated<number>;
}

export interface CaptchasTable {
  id: string;
  answer: number;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_started_at: string;
  blocked_until: string | null;
}

export interface TotpRecoveryCodesTable {
  /** SHA-256 of a 120-bit code (docs/decisions/017-totp.md) */
  code_hash: string;
  user_id: number;
  created_at: string;
  used_at: string | null;
}

/** Between the password step and the code step of a login with TOTP. */
export interface LoginChallengesTable {
  token_hash: string;
  user_id: number;
  token_version: number;
  created_at: string;
  expires_at: string;
}
