import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isTelegramMiniApp, openExternalLink, type TelegramWebApp } from './telegram.ts';
import { followTelegramBackButton } from './telegramBackButton.ts';

/** A recording stand-in for Telegram's own WebApp object (Telegram's API, not ours). */
function telegramWebApp(initData = 'query_id=1&user=%7B%7D&hash=abc') {
  const calls: string[] = [];
  const clicks = new Set<() => void>();
  const webApp: TelegramWebApp = {
    initData,
    platform: 'android',
    colorScheme: 'dark',
    themeParams: { bg_color: '#112233' },
    BackButton: {
      show: () => calls.push('show'),
      hide: () => calls.push('hide'),
      onClick: (cb) => clicks.add(cb),
      offClick: (cb) => clicks.delete(cb),
    },
    ready: () => calls.push('ready'),
    expand: () => calls.push('expand'),
    openLink: (url) => calls.push(`openLink ${url}`),
    onEvent: () => {},
  };
  return {
    webApp,
    calls,
    press: () => {
      for (const cb of clicks) cb();
    },
    clicks,
  };
}

function fakeWindow(hash: string, webApp?: TelegramWebApp) {
  const opened: string[] = [];
  const win = {
    location: { hash },
    open: (url: string) => void opened.push(url),
    ...(webApp ? { Telegram: { WebApp: webApp } } : {}),
  } as unknown as Window;
  return { win, opened };
}

describe('Telegram Mini App detection', () => {
  it('is false in an ordinary browser, even with an empty Telegram object', () => {
    expect(isTelegramMiniApp(fakeWindow('').win)).toBe(false);
    expect(isTelegramMiniApp(fakeWindow('#/games', telegramWebApp('').webApp).win)).toBe(false);
  });

  it('is true with Telegram init data or the tgWebAppData launch parameter', () => {
    expect(isTelegramMiniApp(fakeWindow('', telegramWebApp().webApp).win)).toBe(true);
    expect(
      isTelegramMiniApp(fakeWindow('#tgWebAppData=query_id%3D1&tgWebAppVersion=8.0').win),
    ).toBe(true);
  });

  it('opens external links through Telegram inside Telegram, else in a new tab', () => {
    const telegram = telegramWebApp();
    const inside = fakeWindow('', telegram.webApp);
    openExternalLink('https://metamask.app.link/', inside.win);
    expect(telegram.calls).toEqual(['openLink https://metamask.app.link/']);
    expect(inside.opened).toEqual([]);
    const outside = fakeWindow('');
    openExternalLink('https://metamask.app.link/', outside.win);
    expect(outside.opened).toEqual(['https://metamask.app.link/']);
  });
});

describe('Telegram back button', () => {
  it('is hidden on Home, shown elsewhere, and goes back one page', async () => {
    const telegram = telegramWebApp();
    const router = createMemoryRouter(
      [
        { path: '/', element: null },
        { path: '/games', element: null },
      ],
      { initialEntries: ['/'] },
    );
    const stop = followTelegramBackButton(telegram.webApp, router);
    expect(telegram.calls.at(-1)).toBe('hide');
    await router.navigate('/games');
    expect(telegram.calls.at(-1)).toBe('show');
    telegram.press();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe('/');
    expect(telegram.calls.at(-1)).toBe('hide');
    stop();
    expect(telegram.clicks.size).toBe(0);
  });
});
