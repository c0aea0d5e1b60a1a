import { describe, expect, it } from 'vitest';
import { loginInputSchema } from '#contracts/admin-auth';
import { replayInputSchema, scheduleInputSchema } from '#contracts/admin-scripts';
import { checkForm } from './form';

const login = { username: 'admin', password: 'secret', captchaId: 'c1', captchaAnswer: 7 };

describe('checkForm', () => {
  it('answers the parsed request when every rule holds', () => {
    expect(checkForm(scheduleInputSchema, { schedule: '  0 10 * * 1 ' })).toEqual({
      ok: true,
      data: { schedule: '0 10 * * 1' },
    });
  });

  it.each([
    [{ ...login, username: '' }, 'username', 'Username is required'],
    [{ ...login, username: '', password: '' }, 'username', 'Username is required'],
    [{ ...login, password: '' }, 'password', 'Password is required'],
  ])('reports the first broken rule with the contract message', (values, field, message) => {
    expect(checkForm(loginInputSchema, values)).toEqual({ ok: false, field, message });
  });

  it("words a field's rule the form's own way", () => {
    const messages = { day: 'Choose a battle day from 1 to 4.' };
    for (const day of [0, 5, 2.5, Number.NaN]) {
      expect(checkForm(replayInputSchema, { day }, messages)).toEqual({
        ok: false,
        field: 'day',
        message: 'Choose a battle day from 1 to 4.',
      });
    }
    expect(checkForm(replayInputSchema, { day: 5 })).toMatchObject({ message: 'day must be from 1 to 4' });
  });
});
