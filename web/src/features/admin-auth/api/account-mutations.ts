import { useMutation } from '@tanstack/react-query';
import {
  sessionResponseSchema,
  setEmailResponseSchema,
  totpEnableResponseSchema,
  totpSetupResponseSchema,
  type ChangePasswordInput,
  type SetEmailInput,
  type TotpDisableInput,
  type TotpEnableInput,
  type TotpSetupInput,
} from '#contracts/admin-auth';
import { adminRequest, saveAdminSession, updateAdminUser } from '#web/lib/admin-session';

/** Account Settings writes (docs/product.md §7), each with the bearer token. */

/** The server revokes every token on a change and answers with a fresh one for this browser. */
export const useChangePasswordMutation = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      adminRequest('POST', '/api/admin/change-password', sessionResponseSchema, { body: input }),
    onSuccess: saveAdminSession,
  });

/** The address waits for its confirmation link (docs/decisions/014-recovery-email-confirmation.md). */
export const useSetEmailMutation = () =>
  useMutation({
    mutationFn: (input: SetEmailInput) =>
      adminRequest('POST', '/api/admin/set-email', setEmailResponseSchema, { body: input }),
    onSuccess: (res) => updateAdminUser({ pendingEmail: res.pendingEmail }),
  });

export const useTotpSetupMutation = () =>
  useMutation({
    mutationFn: (input: TotpSetupInput) =>
      adminRequest('POST', '/api/admin/totp/setup', totpSetupResponseSchema, { body: input }),
  });

/**
 * The recovery codes are handed over before the session learns that TOTP is on, so the card that
 * shows them is in place when the enrolment form goes away.
 */
export const useTotpEnableMutation = (onEnabled: (recoveryCodes: string[]) => void) =>
  useMutation({
    mutationFn: (input: TotpEnableInput) =>
      adminRequest('POST', '/api/admin/totp/enable', totpEnableResponseSchema, { body: input }),
    onSuccess: (res) => {
      onEnabled(res.recoveryCodes);
      saveAdminSession(res);
    },
  });

export const useTotpDisableMutation = () =>
  useMutation({
    mutationFn: (input: TotpDisableInput) =>
      adminRequest('POST', '/api/admin/totp/disable', sessionResponseSchema, { body: input }),
    onSuccess: saveAdminSession,
  });
