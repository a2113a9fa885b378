/** Sharing tags with site-relative URLs: sites that build link previews resolve nothing. */
const SHARE_URL_TAG =
  /(<meta\s+(?:property|name)="(og:image|og:url|twitter:image)"\s+content=")\/([^"]*)"/g;

/**
 * The page's HTML with its Open Graph and Twitter URLs made absolute on `appOrigin`: images keep
 * their path, og:url becomes the page's own (`pagePath`, e.g. a match). The build cannot write
 * them, as APP_ORIGIN is known only when the server starts.
 */
export function withAbsoluteShareUrls(html: string, appOrigin: string, pagePath: string): string {
  return html.replace(SHARE_URL_TAG, (_tag, start: string, name: string, path: string) =>
    name === 'og:url' ? `${start}${appOrigin}${pagePath}"` : `${start}${appOrigin}/${path}"`,
  );
}
