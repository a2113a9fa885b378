// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { FollowedItem } from '#core/protocol/follows.ts';
import { mountSignedIn } from '#src/testing/mountSignedIn.tsx';
import { FollowingSection } from './FollowingSection.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const agent: FollowedItem = {
  kind: 'agent',
  id: 'house-a',
  name: 'House A',
  href: '/agents/house-a',
  followedAt: '2026-01-15T12:00:00.000Z',
};
const game: FollowedItem = {
  kind: 'game',
  id: 'othello',
  name: 'Othello',
  href: '/games/sessions?game=othello',
  followedAt: '2026-01-15T12:01:00.000Z',
};

/** A fake server holding the user's list; `listStatus` other than 200 fails the list. */
function fakeServer(initial: FollowedItem[], listStatus = 200) {
  let items = initial;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = `${init.method ?? 'GET'} ${url}`;
      calls.push(call);
      if (call === 'GET /api/follows') {
        return listStatus === 200
          ? json({ items })
          : json({ error: 'The database is not answering.' }, listStatus);
      }
      if (init.method === 'DELETE') {
        items = items.filter((item) => !url.endsWith(`/${item.kind}/${item.id}`));
        return json({ followers: 0, following: false });
      }
      return json({ error: 'Not here.' }, 404);
    }),
  );
  return calls;
}

const mount = mountSignedIn();
const render = () =>
  mount(
    <MemoryRouter>
      <FollowingSection />
    </MemoryRouter>,
  );

describe('FollowingSection', () => {
  it('lists what the user follows as links, and unfollows one', async () => {
    const calls = fakeServer([game, agent]);
    const container = render();
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      'Loading what you follow…',
    );
    await vi.waitFor(() =>
      expect(container.querySelectorAll('[data-testid="followed"]')).toHaveLength(2),
    );
    const links = [...container.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Othello', '/games/sessions?game=othello'],
      ['House A', '/agents/house-a'],
    ]);
    const unfollow = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Unfollow House A',
    );
    act(() => unfollow?.click());
    await vi.waitFor(() =>
      expect(container.querySelectorAll('[data-testid="followed"]')).toHaveLength(1),
    );
    expect(calls).toContain('DELETE /api/follows/agent/house-a');
  });

  it('says how to start when the user follows nothing', async () => {
    fakeServer([]);
    const container = render();
    await vi.waitFor(() =>
      expect(container.querySelector('[data-testid="following-empty"]')?.textContent).toBe(
        'You follow nothing yet: follow an agent from its page.',
      ),
    );
  });

  it('shows the server’s sentence when the list fails', async () => {
    fakeServer([], 503);
    const container = render();
    await vi.waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        'The database is not answering.',
      ),
    );
  });
});
