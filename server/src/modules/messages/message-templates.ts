import type { TemplateId } from '#contracts/admin-reminders';
import { renderTemplate } from './template.js';

export interface TemplateDefinition {
  name: string;
  defaultTemplate: string;
  placeholders: { name: string; description: string }[];
  /** shown by the preview when no message of this kind was posted yet */
  example: Record<string, string>;
}

/**
 * The messages the scripts and reminders post, each a template with named placeholders
 * (docs/reminders.md "Templates", docs/decisions/037-message-templates.md). The defaults reproduce the
 * texts the scripts always posted; lists are one placeholder each, built by the code.
 */
const DAY = { name: 'day', description: 'the battle day number (1–4)' };
/** The war reminders' prediction of the daily reset (docs/reminders.md). */
const RESET_PREDICTION = [
  { name: 'timeLeft', description: 'time until the predicted reset, e.g. “5 h 58 min”' },
  { name: 'resetTime', description: 'the predicted reset, e.g. “09:45”, UTC' },
  { name: 'margin', description: 'the prediction’s margin, e.g. “25 min”' },
];

export const MESSAGE_TEMPLATES: Record<TemplateId, TemplateDefinition> = {
  'inactive-report': {
    name: 'Inactive players report',
    defaultTemplate: '**{replay}Inactive players · {title}**\n{report}',
    placeholders: [
      { name: 'replay', description: '“Replay · ” on a replayed report, else nothing' },
      { name: 'title', description: 'the battle day, e.g. “Season 139 · Week 2 · Battle day 3”' },
      DAY,
      { name: 'count', description: 'how many players are reported as inactive' },
      { name: 'report', description: 'the players grouped by decks used (0/4 … 3/4), joiners and uncertain apart' },
    ],
    example: {
      replay: '',
      title: 'Season 139 · Week 2 · Battle day 3',
      day: '3',
      count: '2',
      report: '\n**0/4 decks** (1)\n- Example Player (#2PQ8L0C)\n\n**2/4 decks** (1)\n- Another Player (#8QJ2LV9R)',
    },
  },
  'river-race-week': {
    name: 'River race week',
    defaultTemplate:
      '**River race · {title}**\nRank {rank} · {trophies} war trophies · {clanFame} clan fame\n{players} players used {decks} decks.{topFame}',
    placeholders: [
      { name: 'title', description: 'the war week, e.g. “Season 139 · Week 2”' },
      { name: 'rank', description: 'the clan’s finishing rank' },
      { name: 'trophies', description: 'the war trophy change, with its sign' },
      { name: 'clanFame', description: 'the clan’s fame that week' },
      { name: 'players', description: 'how many players used at least one deck' },
      { name: 'decks', description: 'decks used in all' },
      {
        name: 'topFame',
        description: 'the five best players by fame, after a blank line (nothing when nobody played)',
      },
    ],
    example: {
      title: 'Season 139 · Week 2',
      rank: '1',
      trophies: '+20',
      clanFame: '45,600',
      players: '41',
      decks: '612',
      topFame: '\n\n**Top fame**\n1. Example Player: 3,600',
    },
  },
  'monthly-top': {
    name: 'Monthly top 20',
    defaultTemplate: '**Top war fame · {month} {year}**\n{ranking}',
    placeholders: [
      { name: 'month', description: 'the month’s name' },
      { name: 'year', description: 'the year' },
      { name: 'ranking', description: 'the top 20, one line each with fame' },
    ],
    example: { month: 'November', year: '2026', ranking: '1. Example Player: 12,400 fame' },
  },
  'war-reminder': {
    name: 'War reminder',
    defaultTemplate:
      '**War reminder · Battle day {day}**\n{count} still to play: the day ends in about {timeLeft} (reset expected at {resetTime} UTC, ± {margin}).\n{list}',
    placeholders: [
      DAY,
      { name: 'count', description: 'how many members have decks left today' },
      ...RESET_PREDICTION,
      { name: 'list', description: 'the members grouped by decks used; linked members are mentioned' },
    ],
    example: {
      day: '2',
      count: '2',
      timeLeft: '1 h',
      resetTime: '09:45',
      margin: '20 min',
      list: '\n**0/4 decks** (1)\n- Example Player\n\n**3/4 decks** (1)\n- <@123456789012345678> (Another Player)',
    },
  },
  'war-reminder-dm': {
    name: 'War reminder by direct message',
    defaultTemplate:
      '**War reminder · Battle day {day}**\n{name}: {decksLeft} war deck(s) left today ({decksUsed}/4 ' +
      'used). The day ends in about {timeLeft} (reset expected at {resetTime} UTC, ± {margin}).',
    placeholders: [
      { name: 'name', description: 'the player’s name in the game' },
      DAY,
      { name: 'decksLeft', description: 'war decks the player can still use today' },
      { name: 'decksUsed', description: 'war decks the player used today' },
      ...RESET_PREDICTION,
    ],
    example: {
      name: 'Example Player',
      day: '2',
      decksLeft: '3',
      decksUsed: '1',
      timeLeft: '1 h',
      resetTime: '09:45',
      margin: '20 min',
    },
  },
};

/** A message built from a template: the text with the default, and the values to render others. */
export function templated(
  id: TemplateId,
  values: Record<string, string>,
): { content: string; template: { id: TemplateId; values: Record<string, string> } } {
  return { content: renderTemplate(MESSAGE_TEMPLATES[id].defaultTemplate, values), template: { id, values } };
}

export function placeholderNames(id: TemplateId): string[] {
  return MESSAGE_TEMPLATES[id].placeholders.map((p) => p.name);
}
