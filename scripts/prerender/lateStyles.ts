/**
 * Classes of a prerendered page that only a lazily loaded stylesheet styles. The first paint links
 * one stylesheet (src/main.tsx imports every prerendered page's CSS into it); a component that
 * imports its own CSS gets it with its chunk instead, after the first paint, and everything below
 * it moves when it arrives (the game filter's pushed /games/sessions down 70 px: Lighthouse's
 * layout shift 0.052).
 */
export function lateStyledClasses(
  markup: string,
  firstPaintCss: string,
  lazyCss: readonly string[],
): string[] {
  const classes = new Set<string>();
  for (const [, list] of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (list ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  const styles = (css: string, name: string) => new RegExp(`\\.${name}(?![\\w-])`).test(css);
  return [...classes].filter(
    (name) => !styles(firstPaintCss, name) && lazyCss.some((css) => styles(css, name)),
  );
}
