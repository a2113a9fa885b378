// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingStatus, OFFLINE_NOTHING_SAVED } from './LoadingStatus.tsx';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Makes the browser say it is online or not, and tells the page as the browser does. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('LoadingStatus', () => {
  it('hydrates a prerendered page opened offline without a mismatch, then says nothing is saved', async () => {
    const html = renderToString(<LoadingStatus>Loading the agent…</LoadingStatus>);
    expect(html).toContain('Loading the agent…');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const recoverable = vi.fn();

    const root = await act(async () =>
      hydrateRoot(container, <LoadingStatus>Loading the agent…</LoadingStatus>, {
        onRecoverableError: recoverable,
      }),
    );

    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('[role="status"]')?.textContent).toBe(OFFLINE_NOTHING_SAVED);
    // Back online, the query runs again and the page says it is loading.
    act(() => goOnline(true));
    expect(container.textContent).toBe('Loading the agent…');
    act(() => goOnline(false));
    expect(container.textContent).toBe(OFFLINE_NOTHING_SAVED);
    act(() => root.unmount());
  });
});
