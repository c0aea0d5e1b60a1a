import { createContext, useContext } from 'react';
import { siteContent } from '#contracts/site-content';

/**
 * What the page knows before any request, from the server (docs/decisions/170-pages-painted-on-the-server.md): on a
 * server-painted page they come with its HTML, so the first render in the browser is the one the server made.
 */
export interface PageFacts {
  /** `/` is the family page: the family has more than one active clan (`<meta name="clan-family">`) */
  family: boolean;
  /** the Join Discord links' target (DISCORD_INVITE_URL, `<meta name="discord-invite">`) */
  discordInvite: string;
  /** the footer's year, as the server wrote it when it painted the page */
  year: number;
  /** the page arrived painted: what the server rendered is shown at once, nothing is staggered */
  painted: boolean;
  /** the path the server answered with its 404 page (a member or clan it does not know): shown there, whatever the route */
  notFoundAt: string | null;
}

/** The queries a painted page's HTML was rendered from, and its facts (`<script type="application/json" id="page-state">`). */
export interface PageState {
  year: number;
  family: boolean;
  notFound?: boolean;
  queries: [queryKey: unknown[], data: unknown][];
}

export const PAGE_STATE_ID = 'page-state';

const PageFactsContext = createContext<PageFacts>({
  family: false,
  discordInvite: siteContent.discord.inviteUrl,
  year: new Date().getFullYear(),
  painted: false,
  notFoundAt: null,
});

export const PageFactsProvider = PageFactsContext.Provider;

export function usePageFacts(): PageFacts {
  return useContext(PageFactsContext);
}

/** In the browser: the embedded state of a painted page, or null (a page the app renders on its own). */
export function readPageState(doc: Document): PageState | null {
  const text = doc.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}

/** In the browser: the facts from the served head and the page's embedded state. */
export function readPageFacts(doc: Document, state: PageState | null): PageFacts {
  const invite = doc.querySelector<HTMLMetaElement>('meta[name="discord-invite"]')?.content;
  return {
    // a painted page knows it whatever its path (a link home from a member's page goes to the family page)
    family: state?.family ?? doc.querySelector('meta[name="clan-family"]') !== null,
    discordInvite: invite || siteContent.discord.inviteUrl,
    year: state?.year ?? new Date().getFullYear(),
    painted: state !== null,
    notFoundAt: state?.notFound ? doc.location.pathname : null,
  };
}
