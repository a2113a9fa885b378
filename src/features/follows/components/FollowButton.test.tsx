// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FollowState } from '#core/protocol/follows.ts';
import { onInterestShown } from '#src/lib/dom/interestShown.ts';
import { mountSignedIn } from '#src/testing/mountSignedIn.tsx';
import { FollowButton } from './FollowButton.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fake server for one agent's follow state. Writes wait until `release()` so a test can see the
 * optimistic state; `refuse` makes them fail with that status and sentence.
 */
function fakeServer(initial: FollowState, refuse?: { status: number; error: string }) {
  let state = initial;
  const calls: string[] = [];
  let release: (() => void) | null = null;
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (method === 'GET') return json(state);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    if (refuse) return json({ error: refuse.error }, refuse.status);
    const following = method === 'PUT';
    if (following !== state.following) {
      state = { followers: state.followers + (following ? 1 : -1), following };
    }
    return json(state);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** Lets the pending write answer, once the button has sent it. */
    release: async () => {
      await vi.waitFor(() => expect(release).not.toBeNull());
      act(() => release?.());
      release = null;
    },
  };
}

const mount = mountSignedIn();
const target = { kind: 'agent', id: 'house-a' } as const;

function render() {
  return mount(
    <FollowButton target={target} name="House A" signIn={<button type="button">Login</button>} />,
  );
}

const toggle = (container: HTMLElement) => {
  const button = container.querySelector<HTMLButtonElement>('button[aria-pressed]');
  if (!button) throw new Error(`no toggle in: ${container.textContent}`);
  return button;
};
const count = (container: HTMLElement) =>
  container.querySelector('[data-testid="follower-count"]')?.textContent;

describe('FollowButton', () => {
  it('follows at once, keeps the server’s answer, and announces the interest', async () => {
    const server = fakeServer({ followers: 1, following: false });
    const interest = vi.fn();
    const stop = onInterestShown(interest);
    const container = render();
    await vi.waitFor(() => expect(count(container)).toBe('1 follower'));
    expect(toggle(container).getAttribute('aria-label')).toBe('Follow House A');
    expect(toggle(container).getAttribute('aria-pressed')).toBe('false');

    act(() => toggle(container).click());
    await vi.waitFor(() => expect(toggle(container).getAttribute('aria-pressed')).toBe('true'));
    expect(count(container)).toBe('2 followers');
    expect(interest).not.toHaveBeenCalled();
    await server.release();
    await vi.waitFor(() => expect(interest).toHaveBeenCalledTimes(1));
    expect(server.calls).toContain('PUT /api/follows/agent/house-a');
    expect(toggle(container).textContent).toBe('✓ Following');
    stop();
  });

  it('rolls back when the server refuses, and says why', async () => {
    const server = fakeServer(
      { followers: 4, following: false },
      { status: 409, error: 'You can follow at most 500 agents, tournaments and games.' },
    );
    const toastShown = vi.fn();
    const { toast } = await import('sonner');
    const unsubscribe = vi.spyOn(toast, 'error').mockImplementation((message, data) => {
      toastShown(message, data?.description);
      return 1;
    });
    const container = render();
    await vi.waitFor(() => expect(count(container)).toBe('4 followers'));
    act(() => toggle(container).click());
    await vi.waitFor(() => expect(count(container)).toBe('5 followers'));
    await server.release();
    await vi.waitFor(() => expect(toggle(container).getAttribute('aria-pressed')).toBe('false'));
    expect(count(container)).toBe('4 followers');
    await vi.waitFor(() =>
      expect(toastShown).toHaveBeenCalledWith(
        'Not followed',
        'You can follow at most 500 agents, tournaments and games.',
      ),
    );
    unsubscribe.mockRestore();
  });

  it('unfollows with the keyboard’s Enter, as a real button does', async () => {
    const server = fakeServer({ followers: 3, following: true });
    const container = render();
    await vi.waitFor(() => expect(toggle(container).getAttribute('aria-pressed')).toBe('true'));
    // A <button> turns Enter and Space into a click; the toggle is one, so it needs no key handler.
    expect(toggle(container).tagName).toBe('BUTTON');
    expect(toggle(container).type).toBe('button');
    act(() => toggle(container).click());
    await vi.waitFor(() => expect(count(container)).toBe('2 followers'));
    await server.release();
    await vi.waitFor(() => expect(toggle(container).textContent).toBe('Follow'));
    expect(server.calls).toContain('DELETE /api/follows/agent/house-a');
  });

  it('offers a visitor the sign-in button instead of asking the server', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a visitor has no sign-in hint.
    document.cookie = 'gridmind_signed_in=; max-age=0';
    const server = fakeServer({ followers: 0, following: false });
    const container = render();
    await vi.waitFor(() => expect(count(container)).toBe('0 followers'));
    act(() => toggle(container).click());
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      'Sign in to follow House A. Login',
    );
    expect(server.calls).toEqual(['GET /api/follows/agent/house-a']);
  });

  it('shows the sign-in prompt when the session ended meanwhile (401)', async () => {
    const server = fakeServer(
      { followers: 2, following: false },
      { status: 401, error: 'Sign in first.' },
    );
    const container = render();
    await vi.waitFor(() => expect(count(container)).toBe('2 followers'));
    act(() => toggle(container).click());
    await server.release();
    await vi.waitFor(() =>
      expect(container.querySelector('[role="status"]')?.textContent).toContain(
        'Sign in to follow House A.',
      ),
    );
    expect(count(container)).toBe('2 followers');
  });
});
