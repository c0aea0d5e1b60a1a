import { z } from 'zod';
import { isoTimestampSchema } from './common.js';

/**
 * Admin authentication requests and responses (docs/product.md §7, §5), shared by the server
 * routes and the React forms. Unknown keys are stripped (SEC-IN-01).
 */

/** SEC-PW-01: at least 8, at most 128 characters, any Unicode, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** docs/product.md §9: refresh when under 1 hour remains. */
export const TOKEN_REFRESH_THRESHOLD_MS = 60 * 60 * 1000;

const username = z.string().min(1, 'Username is required').max(64, 'Username is too long');
/** SEC-LOGIN-06: capped before any hashing; verified exactly as typed (SEC-PW-02). */
/** The current password typed again before a sensitive change (any admin form that asks for it). */
export const existingPassword = z
  .string()
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
/** SEC-MAIL-02: strict address, length cap, no CR/LF. */
export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Email address is too long')
  .pipe(z.email('Enter a valid email address'));
const captchaId = z.string().min(1, 'Captcha is required').max(64);
/** SEC-CAPTCHA-02: an integer, never coerced from "7", [7] or objects. */
export const captchaAnswerSchema = z.number().int().min(-1_000_000).max(1_000_000);

export const captchaResponseSchema = z.object({ id: z.string(), question: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

export const loginInputSchema = z.object({
  username,
  password: existingPassword,
  captchaId,
  captchaAnswer: captchaAnswerSchema,
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  mustChangePassword: z.boolean(),
  email: z.string().nullable(),
  /** SEC-MAIL-01: an address waiting for its confirmation link to be opened */
  pendingEmail: z.string().nullable().default(null),
  /** SEC-MFA-01: a code from an authenticator app is asked after the password */
  totpEnabled: z.boolean().default(false),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Login and refresh answer: the token plus the user, flat (docs/product.md §3 "Login response"). */
export const sessionResponseSchema = adminUserSchema.extend({ token: z.string(), user: adminUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** SEC-MFA-01: the right password with TOTP on: no token yet, a challenge for the code step. */
export const totpChallengeResponseSchema = z.object({
  totpRequired: z.literal(true),
  challenge: z.string(),
  message: z.string(),
});
export type TotpChallengeResponse = z.infer<typeof totpChallengeResponseSchema>;
export const loginResponseSchema = z.union([sessionResponseSchema, totpChallengeResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A 6-digit code from the app, or a recovery code (xxxx-xxxx-…). */
const secondFactorCode = z
  .string()
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(64, 'Code is too long');
export const totpLoginInputSchema = z.object({
  challenge: z.string().min(1).max(128),
  code: secondFactorCode,
});
export type TotpLoginInput = z.infer<typeof totpLoginInputSchema>;

export const forgotPasswordInputSchema = z.object({
  email: emailSchema,
  captchaId,
  captchaAnswer: captchaAnswerSchema,
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = z.object({
  token: z.string().min(1, 'Invalid reset link').max(128, 'Invalid reset link'),
  newPassword: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const changePasswordInputSchema = z.object({
  oldPassword: existingPassword,
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** SEC-MAIL-01: the current password is asked again; the address waits for its confirmation link. */
export const setEmailInputSchema = z.object({ email: emailSchema, password: existingPassword });
export type SetEmailInput = z.infer<typeof setEmailInputSchema>;
export const setEmailResponseSchema = z.object({ message: z.string(), pendingEmail: z.string() });
export type SetEmailResponse = z.infer<typeof setEmailResponseSchema>;

export const confirmEmailInputSchema = z.object({
  token: z.string().min(1, 'Invalid confirmation link').max(128, 'Invalid confirmation link'),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailInputSchema>;
export const confirmEmailResponseSchema = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

/** TOTP enrolment (SEC-MFA-01): password first, then a first code confirms the app has the secret. */
export const totpSetupInputSchema = z.object({ password: existingPassword });
export type TotpSetupInput = z.infer<typeof totpSetupInputSchema>;
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;
export const totpEnableInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export type TotpEnableInput = z.infer<typeof totpEnableInputSchema>;
export const totpEnableResponseSchema = sessionResponseSchema.extend({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TotpEnableResponse = z.infer<typeof totpEnableResponseSchema>;
export const totpDisableInputSchema = z.object({ password: existingPassword, code: secondFactorCode });
export type TotpDisableInput = z.infer<typeof totpDisableInputSchema>;
/** Answers of a change that revoked every other session: a fresh session for this browser, and a message. */
export const sessionWithMessageResponseSchema = sessionResponseSchema.extend({ message: z.string() });
export type SessionWithMessageResponse = z.infer<typeof sessionWithMessageResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The one answer of forgot-password, known address or not (SEC-FP-01). */
export const FORGOT_PASSWORD_MESSAGE =
  'If that address is the recovery email, a password reset link is on its way. Check your inbox.';
/** The one answer of every failed login (SEC-LOGIN-01). */
export const LOGIN_FAILED_MESSAGE = 'Invalid username, password or captcha answer';

/**
 * A change listed in Account Settings (docs/decisions/056-template-audit.md): a message template, or a clan's Discord
 * webhook (docs/decisions/115-webhook-changes-reauthenticated.md), the leaders' notes, strikes, watch list, strike rules
 * and log channel (docs/leaders-memory.md).
 */
export const AUDIT_KINDS = [
  'template-saved',
  'template-restored',
  'webhook-set',
  'webhook-removed',
  'note-added',
  'strike-added',
  'note-removed',
  'watch-added',
  'watch-removed',
  'strike-rules-saved',
  'log-webhook-set',
  'log-webhook-removed',
] as const;
export const auditEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AUDIT_KINDS),
  subject: z.string(),
  at: isoTimestampSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditResponseSchema = z.object({ events: z.array(auditEventSchema) });
export type AuditResponse = z.infer<typeof auditResponseSchema>;
