// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mountSignedIn } from '#src/testing/mountSignedIn.tsx';
import { NotificationBell } from './NotificationBell.tsx';

const mount = mountSignedIn();

const render = (userId: string) =>
  mount(
    <MemoryRouter>
      <NotificationBell userId={userId} />
    </MemoryRouter>,
  );

const badge = (container: HTMLElement) =>
  container.querySelector('[data-testid="notification-badge"]')?.textContent;

describe('NotificationBell', () => {
  it('shows the unread count, links to the page, and keeps the count for offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ unread: 3 }), { status: 200 })),
    );
    const online = render('user-offline');
    await vi.waitFor(() => expect(badge(online)).toBe('3'));
    const link = online.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/notifications');
    expect(link?.getAttribute('aria-label')).toBe('Notifications, 3 unread');
    online.remove();

    // Offline: the server cannot be reached, the count kept in IndexedDB shows.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = render('user-offline');
    await vi.waitFor(() => expect(badge(offline)).toBe('3'));
  });

  it('shows no badge with nothing unread, and 99+ past 99', async () => {
    let unread = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ unread }), { status: 200 })),
    );
    const none = render('user-none');
    await vi.waitFor(() =>
      expect(none.querySelector('a')?.getAttribute('aria-label')).toBe('Notifications'),
    );
    expect(badge(none)).toBeUndefined();
    none.remove();
    unread = 120;
    const many = render('user-many');
    await vi.waitFor(() => expect(badge(many)).toBe('99+'));
  });
});
