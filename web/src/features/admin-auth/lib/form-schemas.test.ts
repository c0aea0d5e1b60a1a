import { describe, expect, it } from 'vitest';
import { forgotPasswordInputSchema, loginInputSchema } from '#contracts/admin-auth';
import { checkForm } from '#web/lib/form';
import {
  CAPTCHA_ANSWER_MESSAGES,
  captchaAnswerValue,
  changePasswordFormSchema,
  resetPasswordFormSchema,
  setEmailFormSchema,
} from './form-schemas';

const captchaOf = (answer: string) => {
  const values = { username: 'admin', password: 'pw', captchaId: 'c1', captchaAnswer: captchaAnswerValue(answer) };
  return checkForm(loginInputSchema, values, CAPTCHA_ANSWER_MESSAGES);
};

describe('admin form schemas (docs/product.md §5)', () => {
  it.each(['', '  ', 'abc', '2.5', '2000000'])('captcha answer %j: "Enter the captcha answer as a number"', (a) => {
    expect(captchaOf(a)).toMatchObject({ ok: false, message: 'Enter the captcha answer as a number' });
  });

  it('accepts a negative whole answer', () => {
    expect(captchaOf('-3')).toMatchObject({ ok: true, data: { captchaAnswer: -3 } });
  });

  it('checks the forgot-password email before the captcha', () => {
    const values = { email: 'not-an-address', captchaId: 'c1', captchaAnswer: Number.NaN };
    expect(checkForm(forgotPasswordInputSchema, values, CAPTCHA_ANSWER_MESSAGES)).toMatchObject({
      message: 'Enter a valid email address',
    });
  });

  it.each([
    ['short', 'short', 'Password must be at least 8 characters'],
    ['🐉🐉🐉🐉', '🐉🐉🐉🐉', 'Password must be at least 8 characters'],
    ['Harbor-Lights-Nine-17', 'Harbor-Lights-Nine-18', 'Passwords do not match'],
  ])('reset %j / %j: %s', (newPassword, confirm, message) => {
    expect(checkForm(resetPasswordFormSchema, { token: 't', newPassword, confirm })).toMatchObject({ message });
  });

  it('reset: a long enough matching password passes', () => {
    const values = { token: 't', newPassword: 'Harbor-Lights-Nine-17', confirm: 'Harbor-Lights-Nine-17' };
    expect(checkForm(resetPasswordFormSchema, values)).toMatchObject({ ok: true });
  });

  it('change password: current password first, then length, then the match', () => {
    const form = (oldPassword: string, newPassword: string, confirm: string) =>
      checkForm(changePasswordFormSchema, { oldPassword, newPassword, confirm });
    expect(form('', 'short', 'x')).toMatchObject({ message: 'Password is required' });
    expect(form('old', 'short', 'short')).toMatchObject({ message: 'Password must be at least 8 characters' });
    expect(form('old', 'Harbor-Lights-Nine-17', 'Harbor')).toMatchObject({ message: 'Passwords do not match' });
  });

  it('recovery email: no client rule on the address, the password is required', () => {
    expect(checkForm(setEmailFormSchema, { email: 'not-an-address', password: 'pw' })).toMatchObject({ ok: true });
    expect(checkForm(setEmailFormSchema, { email: '', password: '' })).toMatchObject({
      message: 'Password is required',
    });
  });
});
