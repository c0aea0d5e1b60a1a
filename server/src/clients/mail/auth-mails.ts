import type { MailMessage } from './mailer.js';

/** Mail texts of the recovery flow (pure). Plain text only: nothing to inject into. */

export function resetLinkMail(to: string, link: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'ClanOps: reset your admin password',
    text: [
      'Someone asked to reset the ClanOps admin password.',
      '',
      `Open this link within ${ttlMinutes} minutes to choose a new password:`,
      link,
      '',
      'If it was not you, ignore this mail: the password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, when: Date): MailMessage {
  return {
    to,
    subject: 'ClanOps: your admin password was changed',
    text: `The ClanOps admin password was changed at ${when.toISOString()} (UTC). Every session was signed out.\n\nIf it was not you, use "Forgot Password" on the admin page now.`,
  };
}

export function recoveryEmailChangedMail(to: string, newAddress: string, when: Date): MailMessage {
  return {
    to,
    subject: 'ClanOps: the recovery email was changed',
    text: `At ${when.toISOString()} (UTC) the ClanOps admin recovery email was changed from this address to ${newAddress}.\n\nIf it was not you, sign in and change the password and the recovery email.`,
  };
}
