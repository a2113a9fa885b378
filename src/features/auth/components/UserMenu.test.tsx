// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '#core/protocol/auth.ts';
import { UserMenu } from './UserMenu.tsx';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.replaceChildren();
});

const me: Me = {
  userId: '1',
  address: '0x0000000000000000000000000000000000000001',
  userInfo: { nickname: 'Ada', balance: 1000, isAdmin: false },
};

describe('UserMenu', () => {
  it('mounts the wallet panel only while the menu is open', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() =>
      root.render(
        <MemoryRouter>
          <UserMenu me={me} walletPanel={<p data-testid="panel">wallet</p>} />
        </MemoryRouter>,
      ),
    );
    const button = container.querySelector<HTMLButtonElement>('.user-button');
    expect(container.querySelector('[data-testid="panel"]')).toBeNull();
    act(() => button?.click());
    expect(button?.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelector('[data-testid="panel"]')?.textContent).toBe('wallet');
    act(() => button?.click());
    expect(container.querySelector('[data-testid="panel"]')).toBeNull();
    act(() => root.unmount());
  });
});
