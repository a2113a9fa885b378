import type { Locator, Page } from 'playwright-core';

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user walks the page; throws
 * if it is not reached within `maxPresses`, so an unreachable control fails the test.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, maxPresses = 80 } = {},
): Promise<void> {
  // A target that never comes says what the page showed instead (an error, another state).
  const handle = await target.elementHandle({ timeout: 15_000 }).catch(async (error: unknown) => {
    const shown =
      (await page
        .locator('main')
        .textContent({ timeout: 1_000 })
        .catch(() => '?')) ?? '';
    throw new Error(`tabTo: the target is not on the page, which shows: ${shown.slice(0, 400)}`, {
      cause: error,
    });
  });
  for (let press = 0; press < maxPresses; press++) {
    if (await handle.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  // Say where the walk ended and whether the target could take focus at all.
  const focused = await focusedText(page);
  const tabIndex = await handle.evaluate((element) =>
    element instanceof HTMLElement ? element.tabIndex : 'none',
  );
  throw new Error(
    `tabTo: not reached after ${maxPresses} presses; focus is on "${focused.slice(0, 80)}", the target's tabIndex is ${tabIndex}`,
  );
}

/** How the focused element shows its focus: whether :focus-visible applies and what it draws. */
export async function focusIndicator(
  page: Page,
): Promise<{ focusVisible: boolean; drawn: boolean; what: string }> {
  return await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body)
      return { focusVisible: false, drawn: false, what: 'body' };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== 'none';
    return {
      focusVisible: element.matches(':focus-visible'),
      drawn: outline || shadow,
      what: `${element.tagName.toLowerCase()} outline ${style.outlineStyle} ${style.outlineWidth} shadow ${style.boxShadow}`,
    };
  });
}

/** The accessible-ish name of the focused element, for asserting where focus is. */
export async function focusedText(page: Page): Promise<string> {
  return await page.evaluate(() => {
    const element = document.activeElement;
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim();
  });
}
