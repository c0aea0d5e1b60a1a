import { randomInt, randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { deleteExpiredCaptchas, insertCaptcha, takeCaptcha } from './captcha.repository.js';

/** SEC-CAPTCHA-01: 5-minute expiry. */
export const CAPTCHA_TTL_MS = 5 * 60_000;

export interface CaptchaChallenge {
  question: string;
  answer: number;
}

/** A small arithmetic question (pure; `pick(n)` returns an integer in [0, n)). */
export function makeChallenge(pick: (n: number) => number = randomInt): CaptchaChallenge {
  const a = pick(20) + 1;
  const b = pick(20) + 1;
  switch (pick(3)) {
    case 0:
      return { question: `What is ${a} + ${b}?`, answer: a + b };
    case 1: {
      const [hi, lo] = a >= b ? [a, b] : [b, a];
      return { question: `What is ${hi} - ${lo}?`, answer: hi - lo };
    }
    default: {
      const x = (a % 9) + 2;
      const y = (b % 9) + 2;
      return { question: `What is ${x} × ${y}?`, answer: x * y };
    }
  }
}

/** Stores a new challenge server-side and prunes expired ones (SEC-CAPTCHA-01). */
export async function createCaptcha(ctx: AppContext): Promise<{ id: string; question: string }> {
  const now = ctx.clock.now();
  await deleteExpiredCaptchas(ctx.db.kysely, now);
  const { question, answer } = makeChallenge();
  const id = randomUUID();
  await insertCaptcha(ctx.db.kysely, { id, answer, now, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
  return { id, question };
}

/**
 * Consumes the challenge whatever the answer (a wrong answer burns it too) and says whether
 * the answer was right. The answer must already be a JS integer: "7", [7] and objects fail
 * without coercion (SEC-CAPTCHA-02).
 */
export async function consumeCaptcha(ctx: AppContext, id: unknown, answer: unknown): Promise<boolean> {
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) return false;
  const row = await takeCaptcha(ctx.db.kysely, id);
  if (!row) return false;
  if (new Date(row.expires_at).getTime() <= ctx.clock.now().getTime()) return false;
  return typeof answer === 'number' && Number.isSafeInteger(answer) && answer === Number(row.answer);
}
