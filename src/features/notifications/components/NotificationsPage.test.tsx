// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '#core/protocol/notifications.ts';
import { mountSignedIn } from '#src/testing/mountSignedIn.tsx';
import { NotificationsPage } from './NotificationsPage.tsx';

const notice = (id: number, read = false): Notification => ({
  id: String(id),
  kind: 'bet-settled',
  title: `Bet won: Notice ${id}`,
  body: 'You won 50 points (paid 150 points).',
  path: `/games/sessions/m${id}`,
  createdAt: '2026-12-06T20:00:00.000Z',
  read,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server holding `all` (newest first), paging by two, and the requests it got. */
function fakeServer(all: Notification[], status = 200) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = `${init.method ?? 'GET'} ${url}`;
      calls.push(call);
      if (status !== 200) return json({ error: 'Not signed in' }, status);
      if (call === 'POST /api/notifications/read-all') {
        all = all.map((one) => ({ ...one, read: true }));
        return json({ unread: 0 });
      }
      if (call.startsWith('POST /api/notifications/')) return json({ unread: 0 });
      const before = new URL(url, 'http://x').searchParams.get('before');
      const older = before ? all.filter((one) => Number(one.id) < Number(before)) : all;
      const page = older.slice(0, 2);
      return json({
        notifications: page,
        nextCursor: older.length > 2 ? (page.at(-1)?.id ?? null) : null,
      });
    }),
  );
  return calls;
}

const mount = mountSignedIn();
const render = () =>
  mount(
    <MemoryRouter>
      <NotificationsPage signIn={<button type="button">Sign in</button>} />
    </MemoryRouter>,
  );
const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((element) => element.textContent === name);

describe('NotificationsPage', () => {
  it('lists entries as links with their read state, pages on, and marks all read', async () => {
    const calls = fakeServer([notice(3), notice(2, true), notice(1)]);
    const container = render();
    await vi.waitFor(() => expect(container.querySelectorAll('li')).toHaveLength(2));
    const [newest, older] = container.querySelectorAll('li');
    expect(newest?.className).toContain('unread');
    expect(older?.className).not.toContain('unread');
    expect(newest?.querySelector('a')?.getAttribute('href')).toBe('/games/sessions/m3');

    act(() => button(container, 'Show older')?.click());
    await vi.waitFor(() => expect(container.querySelectorAll('li')).toHaveLength(3));
    expect(calls).toContain('GET /api/notifications?before=2');
    expect(button(container, 'Show older')).toBeUndefined();

    act(() => button(container, 'Mark all read')?.click());
    await vi.waitFor(() => expect(container.querySelectorAll('li.unread')).toHaveLength(0));
    expect(calls).toContain('POST /api/notifications/read-all');
  });

  it('marks an entry read when it is followed', async () => {
    const calls = fakeServer([notice(7)]);
    const container = render();
    await vi.waitFor(() => expect(container.querySelector('li a')).not.toBeNull());
    act(() => (container.querySelector('li a') as HTMLAnchorElement).click());
    await vi.waitFor(() => expect(calls).toContain('POST /api/notifications/7/read'));
  });

  it('says when there is nothing yet, and offers sign-in to a visitor', async () => {
    fakeServer([]);
    const empty = render();
    await vi.waitFor(() => expect(empty.textContent).toContain('Nothing yet.'));
    empty.remove();
    fakeServer([], 401);
    const visitor = render();
    await vi.waitFor(() => expect(visitor.textContent).toContain('You are not signed in'));
    expect(button(visitor, 'Sign in')).toBeDefined();
  });
});
