// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountSignedIn } from '#src/testing/mountSignedIn.tsx';
import { TelegramLinkSection } from './TelegramLinkSection.tsx';

const BOT_LINK = 'https://t.me/gridmind_bot?start=AAAAAAAAAAAAAAAAAAAAAA';

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fake server: with a bot or without, the link's state, every request as "METHOD path". */
function fakeServer(options: { bot: boolean; linked: boolean }) {
  let linked = options.linked;
  const requests: { call: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = `${init.method ?? 'GET'} ${url}`;
      requests.push({ call, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (!options.bot) return json({ error: 'Not found' }, 404);
      if (call === 'GET /api/telegram/link') return json({ linked });
      if (call === 'POST /api/telegram/link') {
        linked = true;
        return json({ linked });
      }
      if (call === 'POST /api/telegram/link-code') {
        return json({ url: BOT_LINK, expiresAt: '2026-12-06T23:00:00.000Z' });
      }
      if (call === 'DELETE /api/telegram/link') {
        linked = false;
        return json(null, 204);
      }
      return json({ error: 'Not here.' }, 404);
    }),
  );
  return requests;
}

const mount = mountSignedIn();
afterEach(() => {
  delete (window as { Telegram?: unknown }).Telegram;
});

const button = (container: HTMLElement, name: string) => {
  const found = [...container.querySelectorAll('button')].find((one) => one.textContent === name);
  if (!found) throw new Error(`no button "${name}" in: ${container.textContent}`);
  return found;
};

describe('TelegramLinkSection', () => {
  it('shows nothing where the server has no bot', async () => {
    const requests = fakeServer({ bot: false, linked: false });
    const container = mount(<TelegramLinkSection />);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => {});
    expect(container.textContent).toBe('');
  });

  it('outside Telegram, links through the bot with a one-time code', async () => {
    const requests = fakeServer({ bot: true, linked: false });
    const container = mount(<TelegramLinkSection />);
    await vi.waitFor(() => expect(container.textContent).toContain('Link Telegram'));
    act(() => button(container, 'Link Telegram').click());
    await vi.waitFor(() =>
      expect(container.querySelector('a')?.getAttribute('href')).toBe(BOT_LINK),
    );
    expect(container.textContent).toContain('Open Telegram and press Start');
    expect(requests.map((request) => request.call)).toContain('POST /api/telegram/link-code');
  });

  it("inside the Mini App, links in one tap with Telegram's initData", async () => {
    const requests = fakeServer({ bot: true, linked: false });
    const asked: string[] = [];
    (window as { Telegram?: unknown }).Telegram = {
      WebApp: {
        initData: 'user=%7B%22id%22%3A41%7D&auth_date=1&hash=ab',
        requestWriteAccess: (done: (granted: boolean) => void) => {
          asked.push('write access');
          done(true);
        },
      },
    };
    const container = mount(<TelegramLinkSection />);
    await vi.waitFor(() => expect(container.textContent).toContain('Link Telegram'));
    act(() => button(container, 'Link Telegram').click());
    await vi.waitFor(() => expect(container.textContent).toContain('Linked'));
    expect(asked).toEqual(['write access']);
    expect(requests.find((request) => request.call === 'POST /api/telegram/link')?.body).toEqual({
      initData: 'user=%7B%22id%22%3A41%7D&auth_date=1&hash=ab',
    });
  });

  it('shows the linked state and unlinks', async () => {
    const requests = fakeServer({ bot: true, linked: true });
    const container = mount(<TelegramLinkSection />);
    await vi.waitFor(() => expect(container.textContent).toContain('Linked'));
    act(() => button(container, 'Unlink Telegram').click());
    await vi.waitFor(() => expect(container.textContent).toContain('Link Telegram'));
    expect(requests.map((request) => request.call)).toContain('DELETE /api/telegram/link');
  });
});
