import type {
  CaptchaResponse,
  ConfirmEmailInput,
  ConfirmEmailResponse,
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  MessageResponse,
  ResetPasswordInput,
  SessionResponse,
  TotpLoginInput,
} from '../../../../../contracts/admin-auth';
import { apiRequest } from '../../../lib/api-client';

/** The unauthenticated admin calls (docs/product.md §7), the TOTP code step and the email confirmation. */
export const fetchCaptcha = () => apiRequest<CaptchaResponse>('GET', '/api/admin/captcha');
export const postLogin = (input: LoginInput) => apiRequest<LoginResponse>('POST', '/api/admin/login', input);
export const postTotpLogin = (input: TotpLoginInput) =>
  apiRequest<SessionResponse>('POST', '/api/admin/login/totp', input);
export const postForgotPassword = (input: ForgotPasswordInput) =>
  apiRequest<MessageResponse>('POST', '/api/admin/forgot-password', input);
export const postResetPassword = (input: ResetPasswordInput) =>
  apiRequest<MessageResponse>('POST', '/api/admin/reset-password', input);
export const postConfirmEmail = (input: ConfirmEmailInput) =>
  apiRequest<ConfirmEmailResponse>('POST', '/api/admin/confirm-email', input);
