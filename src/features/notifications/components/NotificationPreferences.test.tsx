// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#core/protocol/notifications.ts';
import { onInterestShown } from '#src/lib/dom/interestShown.ts';
import { mountSignedIn } from '#src/testing/mountSignedIn.tsx';
import { NotificationPreferences } from './NotificationPreferences.tsx';

const mount = mountSignedIn();

describe('NotificationPreferences', () => {
  it('saves a kind turned on and announces interest, but not for one turned off', async () => {
    // The server's answer for a user who never chose.
    let preferences: Record<string, boolean> = { ...DEFAULT_NOTIFICATION_PREFERENCES };
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        if (init.method === 'PUT') {
          const body = JSON.parse(String(init.body));
          bodies.push(body);
          preferences = { ...preferences, ...body.preferences };
        }
        return new Response(JSON.stringify({ preferences }), { status: 200 });
      }),
    );
    let interest = 0;
    const stop = onInterestShown(() => interest++);
    const container = mount(<NotificationPreferences isAdmin={false} />);
    const box = (text: string) =>
      [...container.querySelectorAll('label')]
        .find((label) => label.textContent?.includes(text))
        ?.querySelector('input') as HTMLInputElement;
    await vi.waitFor(() => expect(box('commission')).toBeDefined());
    expect(container.textContent).not.toContain('ledger check');
    expect(box('commission').checked).toBe(false);

    act(() => box('commission').click());
    await vi.waitFor(() => expect(box('commission').checked).toBe(true));
    expect(bodies).toEqual([{ preferences: { commission: true } }]);
    expect(interest).toBe(1);

    act(() => box('bet is settled').click());
    await vi.waitFor(() => expect(box('bet is settled').checked).toBe(false));
    expect(interest).toBe(1);
    stop();
  });
});
