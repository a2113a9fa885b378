import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isTelegramMiniApp, type TelegramWebApp } from './telegram.ts';
import { followTelegramBackButton } from './telegramBackButton.ts';
import { handleExternalLinkClick } from './telegramLinks.ts';
import { startTelegramMiniApp } from './telegramMiniApp.ts';
import { followTelegramTheme } from './telegramTheme.ts';

/** A recording stand-in for Telegram's own WebApp object (Telegram's API, not ours). */
function telegramWebApp(initData = 'query_id=1&user=%7B%7D&hash=abc') {
  const calls: string[] = [];
  const clicks = new Set<() => void>();
  const themeListeners: (() => void)[] = [];
  const webApp = {
    initData,
    platform: 'android',
    colorScheme: 'dark' as 'light' | 'dark',
    themeParams: { bg_color: '#112233' } as TelegramWebApp['themeParams'],
    BackButton: {
      show: () => calls.push('show'),
      hide: () => calls.push('hide'),
      onClick: (cb) => clicks.add(cb),
      offClick: (cb) => clicks.delete(cb),
    },
    ready: () => calls.push('ready'),
    expand: () => calls.push('expand'),
    openLink: (url: string) => void calls.push(`openLink ${url}`),
    openTelegramLink: (url: string) => void calls.push(`openTelegramLink ${url}`),
    setHeaderColor: (color: string) => void calls.push(`header ${color}`),
    setBackgroundColor: (color: string) => void calls.push(`background ${color}`),
    onEvent: (_event: 'themeChanged', cb: () => void) => void themeListeners.push(cb),
  } satisfies TelegramWebApp;
  return {
    webApp,
    calls,
    /** The user switches Telegram's theme: Telegram updates its parameters, then tells us. */
    changeTheme(colorScheme: 'light' | 'dark', themeParams: TelegramWebApp['themeParams']) {
      webApp.colorScheme = colorScheme;
      webApp.themeParams = themeParams;
      for (const listener of themeListeners) listener();
    },
    press: () => {
      for (const cb of clicks) cb();
    },
    clicks,
  };
}

/** The page's root element as far as the theme touches it: inline custom properties and data. */
function fakeRoot() {
  const properties = new Map<string, string>();
  const root = {
    style: {
      setProperty: (name: string, value: string) => void properties.set(name, value),
      removeProperty: (name: string) => void properties.delete(name),
    },
    dataset: {} as Record<string, string>,
  };
  return { root: root as unknown as HTMLElement, properties, dataset: root.dataset };
}

function fakeWindow(hash: string, webApp?: TelegramWebApp) {
  const opened: string[] = [];
  const page = fakeRoot();
  const win = {
    location: { hash },
    document: { documentElement: page.root },
    open: (url: string) => void opened.push(url),
    ...(webApp ? { Telegram: { WebApp: webApp } } : {}),
  } as unknown as Window;
  return { win, opened, page };
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

  /** A click on `<a href={url} target="_blank">`, recording whether the anchor was stopped. */
  function linkClick(url: string) {
    const click = { prevented: false };
    const event = {
      currentTarget: { href: url },
      preventDefault: () => {
        click.prevented = true;
      },
    };
    return { event, click };
  }

  it('sends an external link through Telegram inside Telegram, t.me links to Telegram itself', () => {
    const telegram = telegramWebApp();
    const inside = fakeWindow('', telegram.webApp);
    const site = linkClick('https://github.com/gridmind');
    handleExternalLinkClick(site.event, inside.win);
    const channel = linkClick('https://t.me/gridmind');
    handleExternalLinkClick(channel.event, inside.win);
    expect(telegram.calls).toEqual([
      'openLink https://github.com/gridmind',
      'openTelegramLink https://t.me/gridmind',
    ]);
    // The anchors' own new tabs are stopped: each link opens once, through Telegram.
    expect([site.click.prevented, channel.click.prevented]).toEqual([true, true]);
    expect(inside.opened).toEqual([]);
  });

  it('leaves an external link to the anchor outside Telegram', () => {
    const outside = fakeWindow('');
    const site = linkClick('https://github.com/gridmind');
    handleExternalLinkClick(site.event, outside.win);
    expect(site.click.prevented).toBe(false);
    expect(outside.opened).toEqual([]);
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

describe('Telegram theme', () => {
  it('sets the page colours from the theme and follows a theme change', () => {
    const telegram = telegramWebApp();
    telegram.webApp.themeParams = {
      bg_color: '#17212b',
      text_color: '#f5f5f5',
      link_color: '#6ab3f3',
      button_color: '#5288c1',
      button_text_color: '#ffffff',
    };
    const page = fakeRoot();
    followTelegramTheme(telegram.webApp, page.root);
    expect(Object.fromEntries(page.properties)).toEqual({
      '--tg-bg': '#17212b',
      '--tg-text': '#f5f5f5',
      '--tg-link': '#6ab3f3',
      '--tg-accent': '#5288c1',
      '--tg-button-text': '#ffffff',
    });
    expect(page.dataset.telegramTheme).toBe('dark');
    expect(telegram.calls).toEqual(['header #17212b', 'background #17212b']);

    telegram.changeTheme('light', { bg_color: '#ffffff', text_color: '#000000' });
    // Colours the light theme leaves out do not linger from the dark one.
    expect(Object.fromEntries(page.properties)).toEqual({
      '--tg-bg': '#ffffff',
      '--tg-text': '#000000',
    });
    expect(page.dataset.telegramTheme).toBe('light');
    expect(telegram.calls.slice(-2)).toEqual(['header #ffffff', 'background #ffffff']);
  });
});

describe('startTelegramMiniApp', () => {
  const routes = [
    { path: '/', element: null },
    { path: '/games', element: null },
  ];

  it('inside Telegram: ready, full height, theme applied and back button following navigation', async () => {
    const telegram = telegramWebApp();
    const { win, page } = fakeWindow('', telegram.webApp);
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    await startTelegramMiniApp(router, win);
    expect(telegram.calls).toEqual([
      'ready',
      'expand',
      'header #112233',
      'background #112233',
      'hide',
    ]);
    expect(page.properties.get('--tg-bg')).toBe('#112233');
    expect(page.dataset.telegramTheme).toBe('dark');

    await router.navigate('/games');
    expect(telegram.calls.at(-1)).toBe('show');
    telegram.press();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe('/');
    expect(telegram.calls.at(-1)).toBe('hide');
  });

  it('outside Telegram does nothing, even with a Telegram object on the page', async () => {
    const telegram = telegramWebApp('');
    const { win, page } = fakeWindow('', telegram.webApp);
    await startTelegramMiniApp(createMemoryRouter(routes), win);
    expect(telegram.calls).toEqual([]);
    expect(page.properties.size).toBe(0);
    expect(page.dataset.telegramTheme).toBeUndefined();
  });
});
