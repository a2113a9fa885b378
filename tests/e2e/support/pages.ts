import type { Page } from 'playwright-core';

/** The two widths every page is checked at: a laptop and the narrowest phone the spec names. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  narrow: { width: 360, height: 740 },
} as const;

/** Resolves once the page shows its heading and no loading placeholder is left. */
export async function waitForPageReady(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('main')?.textContent?.includes('Loading'),
  );
}
