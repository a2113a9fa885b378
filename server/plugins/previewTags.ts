/** A page's own link preview: its texts and its picture's absolute URL (1200×630 PNG). */
export interface PreviewTags {
  readonly title: string;
  readonly description: string;
  readonly image: string;
  readonly imageAlt: string;
}

const escapeAttribute = (text: string) =>
  text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The tag `name` (a property or a name) and where its content starts and ends. */
const tagPattern = (name: string) =>
  new RegExp(`(<meta\\s+(?:property|name)="${name.replaceAll(':', '\\:')}"\\s+content=")[^"]*"`);

/**
 * The page's HTML with its sharing tags saying what the page shows, in place of the site's: a
 * crawler reads them without running JavaScript. Tags the page lacks are left out, not added:
 * the built pages carry every one (index.html).
 */
export function withPreviewTags(html: string, tags: PreviewTags): string {
  const values: [string, string][] = [
    ['og:title', tags.title],
    ['twitter:title', tags.title],
    ['description', tags.description],
    ['og:description', tags.description],
    ['twitter:description', tags.description],
    ['og:image', tags.image],
    ['twitter:image', tags.image],
    ['og:image:width', '1200'],
    ['og:image:height', '630'],
    ['og:image:alt', tags.imageAlt],
    ['twitter:card', 'summary_large_image'],
  ];
  let page = html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeAttribute(tags.title)}</title>`,
  );
  for (const [name, value] of values) {
    page = page.replace(
      tagPattern(name),
      (_tag, start: string) => `${start}${escapeAttribute(value)}"`,
    );
  }
  return page;
}
