import { useMutation } from '@tanstack/react-query';
import {
  confirmEmailResponseSchema,
  loginResponseSchema,
  messageResponseSchema,
  sessionResponseSchema,
  type ConfirmEmailInput,
  type ForgotPasswordInput,
  type LoginInput,
  type ResetPasswordInput,
  type TotpLoginInput,
} from '#contracts/admin-auth';
import { apiRequest } from '#web/lib/api-client';
import { clearAdminSession, getAdminSession, saveAdminSession, updateAdminUser } from '#web/lib/admin-session';

/** The calls made without a session (docs/product.md §7), the TOTP code step, the email confirmation and logout. */

/** A session answer is stored at once; a TOTP challenge goes back to the form for the code step. */
export const useLoginMutation = () =>
  useMutation({
    mutationFn: (input: LoginInput) => apiRequest('POST', '/api/admin/login', loginResponseSchema, { body: input }),
    onSuccess: (res) => {
      if (!('totpRequired' in res)) saveAdminSession(res);
    },
  });

export const useTotpLoginMutation = () =>
  useMutation({
    mutationFn: (input: TotpLoginInput) =>
      apiRequest('POST', '/api/admin/login/totp', sessionResponseSchema, { body: input }),
    onSuccess: saveAdminSession,
  });

export const useForgotPasswordMutation = () =>
  useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest('POST', '/api/admin/forgot-password', messageResponseSchema, { body: input }),
  });

export const useResetPasswordMutation = () =>
  useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest('POST', '/api/admin/reset-password', messageResponseSchema, { body: input }),
  });

/** Works without a session too (the link may be opened in another browser); a live session learns the address. */
export const useConfirmEmailMutation = () =>
  useMutation({
    mutationFn: (input: ConfirmEmailInput) =>
      apiRequest('POST', '/api/admin/confirm-email', confirmEmailResponseSchema, { body: input }),
    onSuccess: (res) => {
      if (getAdminSession()) updateAdminUser({ email: res.email, pendingEmail: null });
    },
  });

/** Logout clears the browser's session at once, then tells the server, which revokes the token. */
export const useLogoutMutation = () =>
  useMutation({
    mutationFn: async () => {
      const token = getAdminSession()?.token;
      clearAdminSession();
      if (token) await apiRequest('POST', '/api/admin/logout', messageResponseSchema, { token });
    },
  });
