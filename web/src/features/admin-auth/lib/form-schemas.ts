import { z } from 'zod';
import {
  changePasswordInputSchema,
  newPasswordSchema,
  PASSWORD_MIN_LENGTH,
  resetPasswordInputSchema,
  setEmailInputSchema,
} from '#contracts/admin-auth';

/**
 * The admin forms' schemas: the request contracts, plus what only a form has (a confirmation
 * field) and the catalogue's own wording for a field (docs/product.md §5, §8).
 */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const CAPTCHA_ANSWER_MESSAGES = { captchaAnswer: 'Enter the captcha answer as a number' };

/** An empty answer is no number (Number('') would be 0). */
export const captchaAnswerValue = (answer: string): number => (answer.trim() === '' ? Number.NaN : Number(answer));

/** docs/product.md §5: the reset page and the server's password policy count code points. */
const newPassword = newPasswordSchema.refine(
  (value) => [...value].length >= PASSWORD_MIN_LENGTH,
  `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
);

const confirmed = <T extends { newPassword: string; confirm: string }>(value: T) => value.newPassword === value.confirm;

export const resetPasswordFormSchema = resetPasswordInputSchema
  .extend({ newPassword, confirm: z.string() })
  .refine(confirmed, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirm'] });

export const changePasswordFormSchema = changePasswordInputSchema
  .extend({ newPassword, confirm: z.string() })
  .refine(confirmed, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirm'] });

/** docs/product.md §5: the recovery email has no client rule (the server trims, lowercases and checks it). */
export const setEmailFormSchema = setEmailInputSchema.extend({ email: z.string() });
