/**
 * Clan-specific static content (docs/architecture.md §3): another clan edits this one file.
 * Shared by the server (meta tags, JSON-LD) and the web app (every static text of the page).
 * Texts marked SPEC are the specification's own words.
 */
export const siteContent = {
  clanName: 'ClanOps Royale',
  tagline: 'A competitive Clash Royale clan: four attacks a day, every war.',
  meta: {
    title: 'ClanOps Royale — Clash Royale clan statistics, wars and tournaments',
    description:
      'Live clan statistics, river race records, monthly champions, tournaments and the full member list of our Clash Royale clan. Join us on Discord.',
    imagePath: '/og-image.png',
  },
  hero: {
    eyebrow: 'Clash Royale clan',
    title: 'Fight together. Climb together.',
    text: 'We battle in every river race, push the ranked ladder as a team and crown a champion every month. Active players of every level are welcome.',
    primaryCta: 'Join our Discord',
    secondaryCta: 'See clan statistics',
    highlights: ['4 war attacks a day', 'Monthly champions', 'Friendly Discord'],
  },
  summarySubtitles: {
    clanScore: '+1,245 this week', // docs/product.md §9
    warTrophies: 'Legendary League', // docs/product.md §9
    donations: 'Record high!', // docs/product.md §9
  },
  memberCapacity: 50, // docs/product.md §9
  warRulesIntro: 'Every member plays the river race. These rules keep the clan strong and fair.',
  warRules: [
    { title: '4 attacks per day', text: 'Use all four war decks on every battle day.' },
    { title: 'At least 2,000 fame per war', text: 'Every member earns at least 2,000 fame each war week.' },
    { title: 'Promotion', text: 'Finish in the top 10 in two consecutive wars to be promoted.' },
    { title: 'Missed attacks', text: 'Missed attacks are penalised; 5 or more missed attacks can mean removal.' },
  ],
  tournament: {
    name: 'Clan Championship',
    format: 'Double elimination',
    players: 50,
    startDate: '2025-03-10',
    startDateText: 'March 10, 2025',
    status: 'Ongoing',
    rules: [
      'Best of three matches; the loser of a match drops to the lower bracket.',
      'A second loss eliminates a player.',
      'Tournament standard card levels; no duplicate decks between rounds.',
      'Matches are played within 48 hours of the pairing being announced.',
    ],
    placings: [
      { place: '1st', player: 'TBD' },
      { place: '2nd', player: 'TBD' },
      { place: '3rd', player: 'TBD' },
    ],
  },
  discord: {
    inviteUrl: 'https://discord.gg/clanops',
    memberCountText: '47+', // docs/product.md §2 item 7, static
    title: 'Join the clan community',
    text: 'War reminders, monthly champion shout-outs, tournament pairings and deck help: it all happens on our Discord server.',
  },
  footer: {
    note: 'Not affiliated with, endorsed, sponsored or approved by Supercell. Clash Royale is a trademark of Supercell.',
  },
} as const;

export type SiteContent = typeof siteContent;
