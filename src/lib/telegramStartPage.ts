import { decodeStartParam } from '#core/format/telegramStartParam.ts';

/**
 * The page a Mini App link's `startapp` asks for (`https://t.me/<bot>/<app>?startapp=…`, the
 * bot's message buttons): Telegram opens the app's home with it in `tgWebAppStartParam`. Null
 * when there is none, when it is not a path of ours, or when we are already there. Read from the
 * query alone, which only Telegram's launch sets: the launch hash lasts the whole session, and
 * would send every reload back to the first page.
 */
export function telegramStartPage(win: Window = window): string | null {
  const param = new URLSearchParams(win.location.search).get('tgWebAppStartParam');
  if (!param) return null;
  const path = decodeStartParam(param);
  return path === null || path === win.location.pathname ? null : path;
}
