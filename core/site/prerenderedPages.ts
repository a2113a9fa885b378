/**
 * The public pages whose first paint is rendered at build time (scripts/prerender.ts) and served
 * to a browser's first visit (server/plugins/client.ts). Signed-in pages (/profile, /admin,
 * /agents/mine) are left out: their first paint depends on who asks.
 */
export interface PrerenderedPage {
  /** A path, where `*` stands for one segment (a match or an agent id). */
  readonly pattern: string;
  /** Segments that `*` does not stand for: routes of their own. */
  readonly except?: readonly string[];
  /** The file under the built client that holds the page. */
  readonly file: string;
  /** A path the page is rendered for. */
  readonly sample: string;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { pattern: '/', file: 'pages/home.html', sample: '/' },
  { pattern: '/games', file: 'pages/games.html', sample: '/games' },
  { pattern: '/games/sessions', file: 'pages/active-games.html', sample: '/games/sessions' },
  { pattern: '/games/sessions/*', file: 'pages/watch.html', sample: '/games/sessions/match' },
  { pattern: '/games/tournaments', file: 'pages/tournaments.html', sample: '/games/tournaments' },
  {
    pattern: '/games/tournaments/*',
    file: 'pages/tournament.html',
    sample: '/games/tournaments/tournament',
  },
  { pattern: '/agents', file: 'pages/agents.html', sample: '/agents' },
  {
    pattern: '/agents/*',
    except: ['mine'],
    file: 'pages/agent.html',
    sample: '/agents/agent',
  },
  { pattern: '/about-us', file: 'pages/about-us.html', sample: '/about-us' },
  { pattern: '/contact', file: 'pages/contact.html', sample: '/contact' },
  { pattern: '/privacy-policy', file: 'pages/privacy-policy.html', sample: '/privacy-policy' },
  { pattern: '/terms-of-use', file: 'pages/terms-of-use.html', sample: '/terms-of-use' },
];

function matches(page: PrerenderedPage, segments: readonly string[]): boolean {
  const wanted = page.pattern.split('/').filter(Boolean);
  if (wanted.length !== segments.length) return false;
  return wanted.every((part, index) => {
    const segment = segments[index] ?? '';
    if (part !== '*') return part === segment;
    return segment !== '' && !(page.except ?? []).includes(segment);
  });
}

/** The prerendered page for a request path (query and trailing slash ignored), if there is one. */
export function prerenderedPageFor(path: string): PrerenderedPage | undefined {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const segments = pathname.split('/').filter(Boolean);
  return PRERENDERED_PAGES.find((page) => matches(page, segments));
}
