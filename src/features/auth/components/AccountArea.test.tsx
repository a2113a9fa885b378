// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountSignedIn } from '#src/testing/mountSignedIn.tsx';
import { AccountArea } from './AccountArea.tsx';

const mount = mountSignedIn();

afterEach(() => onlineManager.setOnline(true));

describe('AccountArea offline', () => {
  it('shows a visitor Login, not the placeholder, when the page starts offline', async () => {
    // mountSignedIn sets the sign-in hint; a visitor has none.
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the hint the test set-up wrote.
    document.cookie = 'gridmind_signed_in=; max-age=0';
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    onlineManager.setOnline(false);

    const container = mount(<AccountArea />);

    await vi.waitFor(() => expect(container.querySelector('button')?.textContent).toBe('Login'));
    expect(container.querySelector('.account-placeholder')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the placeholder for a maybe-signed-in user until the server can answer', async () => {
    const answers: Array<(response: Response) => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
    );
    onlineManager.setOnline(false);

    const container = mount(<AccountArea />);

    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(container.querySelector('.account-placeholder')).not.toBeNull();
    expect(container.querySelector('button')).toBeNull();
  });
});
