/** One plain-text mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one mail; rejects on failure. The SMTP mailer or the log stands behind it (clients/mail). */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

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
    text:
      `The ClanOps admin password was changed at ${when.toISOString()} (UTC). Every session ` +
      `was signed out.\n\nIf it was not you, use "Forgot Password" on the admin page now.`,
  };
}

export function recoveryEmailChangedMail(to: string, newAddress: string, when: Date): MailMessage {
  return {
    to,
    subject: 'ClanOps: the recovery email was changed',
    text:
      `At ${when.toISOString()} (UTC) the ClanOps admin recovery email was changed from this address ` +
      `to ${newAddress}.\n\nIf it was not you, sign in and change the password and the recovery email.`,
  };
}

export function confirmEmailMail(to: string, link: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'ClanOps: confirm your recovery email',
    text: [
      'Someone signed in to the ClanOps admin console asked to use this address as the recovery email.',
      '',
      `Open this link within ${ttlMinutes} minutes to confirm it:`,
      link,
      '',
      'Until then nothing changes. If it was not you, ignore this mail.',
    ].join('\n'),
  };
}

export function recoveryEmailChangeRequestedMail(to: string, newAddress: string, when: Date): MailMessage {
  return {
    to,
    subject: 'ClanOps: a change of the recovery email was requested',
    text:
      `At ${when.toISOString()} (UTC) someone signed in as the ClanOps admin asked to change the recovery email from this address to ${newAddress}. It ` +
      `changes only when the link sent to ${newAddress} is opened.\n\nIf it was not you, sign in now and change the password: that cancels the change.`,
  };
}

export function twoFactorChangedMail(to: string, enabled: boolean, when: Date): MailMessage {
  const what = enabled ? 'turned on' : 'turned off';
  return {
    to,
    subject: `ClanOps: two-factor sign-in was ${what}`,
    text:
      `Two-factor sign-in (authenticator app) for the ClanOps admin was ${what} at ${when.toISOString()} ` +
      `(UTC). Every session was signed out.\n\nIf it was not you, use "Forgot Password" on the admin page now.`,
  };
}
