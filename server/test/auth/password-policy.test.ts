import { describe, expect, it } from 'vitest';
import { commonPasswords, newPasswordProblem } from '../../src/modules/auth/password-policy.js';

describe('new password policy (SEC-PW-01/03)', () => {
  it('bundles at least 3,000 common passwords including the classics', () => {
    const list = [...commonPasswords()];
    expect(list.length).toBeGreaterThanOrEqual(3000);
    expect(list).toEqual(
      expect.arrayContaining(['password', '123456', 'qwerty', 'letmein', 'iloveyou', 'admin123', 'welcome1']),
    );
  });

  it.each([
    ['Password1', 'This password is too common. Please choose a less predictable one.'],
    ['short', 'Password must be at least 8 characters'],
    ['chief-of-the-clan', null],
    ['Chief', 'Password must be at least 8 characters'],
    ['clanchief', 'The password must not be the username.'],
    ['🐉🐉🐉🐉🐉🐉🐉🐉', null],
  ])('%j → %j', (password, problem) => {
    expect(newPasswordProblem(password, 'ClanChief')).toBe(problem);
  });
});
