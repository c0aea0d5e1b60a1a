import type {
  CaptchaResponse,
  ForgotPasswordInput,
  LoginInput,
  MessageResponse,
  ResetPasswordInput,
  SessionResponse,
} from '../../../../../contracts/admin-auth';
import { apiRequest } from '../../../lib/api-client';

/** The unauthenticated admin calls (docs/product.md §7). */
export const fetchCaptcha = () => apiRequest<CaptchaResponse>('GET', '/api/admin/captcha');
export const postLogin = (input: LoginInput) => apiRequest<SessionResponse>('POST', '/api/admin/login', input);
export const postForgotPassword = (input: ForgotPasswordInput) =>
  apiRequest<MessageResponse>('POST', '/api/admin/forgot-password', input);
export const postResetPassword = (input: ResetPasswordInput) =>
  apiRequest<MessageResponse>('POST', '/api/admin/reset-password', input);
