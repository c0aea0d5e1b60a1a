import { z } from 'zod';

/**
 * The clan's war rules as data (docs/war-insights.md): the public rules panel states them, the War
 * report applies them. The defaults are the rules the site has always shown; the admin edits them.
 */
export const memberRoleSchema = z.enum(['leader', 'coleader', 'elder', 'member']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const warRulesSchema = z
  .object({
    attacksPerDay: z.number().int().min(1, 'attacks per day must be 1 to 4').max(4, 'attacks per day must be 1 to 4'),
    minimumFamePerWar: z
      .number()
      .int()
      .min(0, 'the minimum fame cannot be negative')
      .max(3600, 'a player earns at most 3,600 fame a war'),
    promotion: z.object({
      topN: z.number().int().min(1, 'top N must be 1 to 50').max(50, 'top N must be 1 to 50'),
      consecutiveWars: z
        .number()
        .int()
        .min(1, 'consecutive wars must be 1 to 10')
        .max(10, 'consecutive wars must be 1 to 10'),
      /** candidates hold one of these roles (a member can become elder; an elder co-leader) */
      fromRoles: z.array(z.enum(['member', 'elder'])).min(1, 'choose at least one role to promote from'),
    }),
    missedAttacksForRemoval: z
      .number()
      .int()
      .min(1, 'the missed-attack limit must be 1 to 16')
      .max(16, 'the missed-attack limit must be 1 to 16'),
    activity: z.object({
      /** flag members not seen in the game for more than this many days (null: off) */
      maxDaysAway: z.number().int().min(1, 'days away must be 1 to 60').max(60, 'days away must be 1 to 60').nullable(),
      /** flag members whose weekly donations are below this (null: off) */
      minWeeklyDonations: z
        .number()
        .int()
        .min(1, 'weekly donations must be 1 to 1000')
        .max(1000, 'weekly donations must be 1 to 1000')
        .nullable(),
    }),
    /** post a short weekly summary to Discord after the river race log run */
    weeklySummary: z.boolean(),
  })
  .strict();
export type WarRules = z.infer<typeof warRulesSchema>;

export const DEFAULT_WAR_RULES: WarRules = {
  attacksPerDay: 4,
  minimumFamePerWar: 2000,
  promotion: { topN: 10, consecutiveWars: 2, fromRoles: ['member'] },
  missedAttacksForRemoval: 5,
  activity: { maxDaysAway: null, minWeeklyDonations: null },
  weeklySummary: false,
};

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The four rules as the public panel words them, from the current values. */
export function warRuleTexts(rules: WarRules): { title: string; text: string }[] {
  const n = (v: number) => v.toLocaleString('en-US');
  const k = rules.promotion.consecutiveWars;
  const wars = k === 1 ? 'one war' : `${NUMBER_WORDS[k] ?? k} consecutive wars`;
  return [
    {
      title: `${rules.attacksPerDay} attack${rules.attacksPerDay === 1 ? '' : 's'} per day`,
      text:
        rules.attacksPerDay === 4
          ? 'Use all four war decks on every battle day.'
          : `Use ${rules.attacksPerDay} war decks on every battle day.`,
    },
    {
      title: `At least ${n(rules.minimumFamePerWar)} fame per war`,
      text: `Every member earns at least ${n(rules.minimumFamePerWar)} fame each war week.`,
    },
    { title: 'Promotion', text: `Finish in the top ${rules.promotion.topN} in ${wars} to be promoted.` },
    {
      title: 'Missed attacks',
      text: `Missed attacks are penalised; ${rules.missedAttacksForRemoval} or more missed attacks can mean removal.`,
    },
  ];
}
