import { previewSvg } from '#core/site/previewSvg.ts';
import type { Queryable } from '#server/db/database.ts';
import type { PreviewTags } from '#server/plugins/previewTags.ts';
import { agentCard, matchCard, type PreviewCard, tournamentCard } from './previewCards.ts';
import { PreviewRenderer } from './previewRenderer.ts';
import { findAgentPreview, findMatchPreview, findTournamentPreview } from './previewRows.ts';

/** The pages that have a picture of their own, by the path segments that lead to them. */
export const PREVIEW_KINDS = ['match', 'agent', 'tournament'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

const PAGES: readonly { prefix: string; kind: PreviewKind; except?: string }[] = [
  { prefix: '/games/sessions/', kind: 'match' },
  { prefix: '/agents/', kind: 'agent', except: 'mine' },
  { prefix: '/games/tournaments/', kind: 'tournament' },
];

/** Ids are short; a longer one is unknown without a query. */
const MAX_ID_LENGTH = 64;

/** The kind and id of a page's path (`/games/sessions/<id>`), or undefined for other pages. */
export function previewedPage(pathname: string): { kind: PreviewKind; id: string } | undefined {
  for (const page of PAGES) {
    if (!pathname.startsWith(page.prefix)) continue;
    const segment = pathname.slice(page.prefix.length).replace(/\/$/, '');
    if (segment === '' || segment.includes('/') || segment === page.except) return undefined;
    try {
      const id = decodeURIComponent(segment);
      return id.length <= MAX_ID_LENGTH ? { kind: page.kind, id } : undefined;
    } catch {
      return undefined; // malformed percent-encoding: no such page
    }
  }
  return undefined;
}

/**
 * Link previews of matches, agents (bots among them) and tournaments: the tags a page's HTML
 * carries, and its picture as PNG, drawn again only when what it shows has changed.
 */
export class Previews {
  readonly renderer: PreviewRenderer;

  constructor(
    private readonly db: Queryable,
    private readonly appOrigin: string,
    capacity?: number,
  ) {
    this.renderer = new PreviewRenderer(capacity);
  }

  /** The page's preview, or undefined when there is no such match, agent or tournament. */
  async card(kind: PreviewKind, id: string): Promise<PreviewCard | undefined> {
    if (kind === 'match') {
      const row = await findMatchPreview(this.db, id);
      return row && matchCard(row);
    }
    if (kind === 'agent') {
      const row = await findAgentPreview(this.db, id);
      return row && agentCard(row);
    }
    const row = await findTournamentPreview(this.db, id);
    return row && tournamentCard(row);
  }

  /** The sharing tags of a page's path; undefined leaves the site's own. */
  readonly tagsOf = async (pathname: string): Promise<PreviewTags | undefined> => {
    const page = previewedPage(pathname);
    if (page === undefined) return undefined;
    const card = await this.card(page.kind, page.id);
    if (card === undefined) return undefined;
    const image = `${this.appOrigin}${previewPath(page.kind, page.id)}?v=${card.version}`;
    return { title: card.title, description: card.description, image, imageAlt: card.title };
  };

  /** The page's picture, or undefined when there is no such page. */
  async png(kind: PreviewKind, id: string): Promise<Buffer | undefined> {
    const card = await this.card(kind, id);
    if (card === undefined) return undefined;
    return this.renderer.png(`${kind}:${id}`, previewSvg(card.content()));
  }
}

/** Where a page's picture is served. */
export function previewPath(kind: PreviewKind, id: string): string {
  return `/previews/${kind}/${encodeURIComponent(id)}.png`;
}
