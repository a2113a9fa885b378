// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { OwnedBot } from '#core/protocol/bots.ts';
import { mountSignedIn } from '#src/testing/mountSignedIn.tsx';
import { BotsSection } from './BotsSection.tsx';

const TOKEN = `gmb_${'a'.repeat(43)}`;
const bot = (overrides: Partial<OwnedBot> = {}): OwnedBot => ({
  id: 'bot-0123456789ab',
  name: 'Deep Drop',
  description: '',
  games: ['connect4'],
  status: 'active',
  hasToken: true,
  online: false,
  rating: 1500,
  record: { wins: 2, losses: 1, draws: 0 },
  createdAt: '2026-11-25T20:00:00.000Z',
  ...overrides,
});

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fake server: the bots it lists, and every request it got as "METHOD path". */
function fakeServer(initial: OwnedBot[], listStatus = 200) {
  let bots = initial;
  const requests: { call: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const call = `${init.method ?? 'GET'} ${url}`;
    requests.push({ call, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (call === 'GET /api/bots/mine') {
      return listStatus === 200
        ? json({ items: bots })
        : json({ error: 'The database is not answering.' }, listStatus);
    }
    if (call === 'POST /api/bots') {
      bots = [bot({ name: 'New Bot', id: 'bot-new' }), ...bots];
      return json({ id: 'bot-new', token: TOKEN }, 201);
    }
    if (call.startsWith('POST /api/bots/')) return json({ id: 'bot-0123456789ab', token: TOKEN });
    if (call.startsWith('DELETE ')) {
      bots = bots.map((one) => ({ ...one, status: 'retired' as const }));
      return json(null, 204);
    }
    return json({ error: 'Not here.' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

const mount = mountSignedIn();
let container: HTMLElement;

function render() {
  container = mount(<BotsSection />);
}

const text = () => container.textContent ?? '';
const button = (name: string) => {
  const found = [...container.querySelectorAll('button')].find(
    (element) => element.textContent === name,
  );
  if (!found) throw new Error(`no button "${name}" in: ${text()}`);
  return found;
};
const click = (name: string) => act(() => button(name).click());

function type(input: HTMLInputElement, value: string) {
  // React tracks the value it last set; the native setter makes the change visible to it.
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('BotsSection', () => {
  it('registers a bot and shows its token once, with the command that runs the reference bot', async () => {
    const requests = fakeServer([]);
    render();
    await vi.waitFor(() => expect(text()).toContain('You have no bots yet.'));

    const [name] = container.querySelectorAll<HTMLInputElement>('form input:not([type])');
    type(name as HTMLInputElement, '  New Bot ');
    const othello = [...container.querySelectorAll('label')].find((label) =>
      label.textContent?.includes('Othello'),
    );
    act(() => othello?.querySelector('input')?.click());
    act(() => button('Register bot').click());

    await vi.waitFor(() =>
      expect(container.querySelector('[data-testid="bot-token"]')?.textContent).toBe(TOKEN),
    );
    expect(requests.find((request) => request.call === 'POST /api/bots')?.body).toEqual({
      name: 'New Bot',
      description: '',
      games: ['connect4', 'checkers'],
    });
    expect(text()).toContain('it will not be shown again');
    expect(container.querySelector('.bot-command')?.textContent).toBe(
      `npm run bot -- --server ${window.location.origin} --token ${TOKEN}`,
    );
    expect(document.activeElement).toBe(
      container.querySelector('[data-testid="bot-token-notice"]'),
    );
    await vi.waitFor(() => expect(text()).toContain('New Bot'));

    click('Done');
    expect(container.querySelector('[data-testid="bot-token"]')).toBeNull();
    expect(text()).not.toContain(TOKEN);
  });

  it('lists a bot with its status, online state, rating and record, and regenerates its token', async () => {
    const requests = fakeServer([bot()]);
    render();
    await vi.waitFor(() =>
      expect(container.querySelector('[data-testid="my-bot"]')).not.toBeNull(),
    );
    const item = container.querySelector('[data-testid="my-bot"]');
    expect(item?.querySelector('a')?.getAttribute('href')).toBe('/agents/bot-0123456789ab');
    expect(item?.querySelector('[data-testid="bot-status"]')?.textContent).toBe('Active');
    expect(item?.querySelector('[data-testid="bot-online"]')?.textContent).toBe('Offline');
    expect(item?.textContent).toContain('Rating 1500');
    expect(item?.textContent).toContain('2 W / 1 L / 0 D');

    click('Regenerate token');
    await vi.waitFor(() =>
      expect(container.querySelector('[data-testid="bot-token"]')?.textContent).toBe(TOKEN),
    );
    expect(requests.map((request) => request.call)).toContain(
      'POST /api/bots/bot-0123456789ab/token',
    );
    expect(text()).toContain('Token for Deep Drop');
  });

  it('retires only after the confirm step, and Cancel changes nothing', async () => {
    const requests = fakeServer([bot()]);
    render();
    await vi.waitFor(() => expect(text()).toContain('Deep Drop'));

    click('Retire');
    expect(text()).toContain('Retire Deep Drop for good?');
    expect(document.activeElement?.textContent).toBe('Cancel');
    click('Cancel');
    expect(document.activeElement?.textContent).toBe('Retire');
    click('Retire');
    expect(requests.some((request) => request.call.startsWith('DELETE'))).toBe(false);

    click('Yes, retire');
    await vi.waitFor(() =>
      expect(container.querySelector('[data-testid="bot-status"]')?.textContent).toBe('Retired'),
    );
    expect(requests.map((request) => request.call)).toContain('DELETE /api/bots/bot-0123456789ab');
    expect(container.querySelector('[data-testid="bot-online"]')).toBeNull();
  });

  it('says when the list could not be loaded, and loads it again on Try again', async () => {
    const requests = fakeServer([], 500);
    render();
    await vi.waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toContain(
        'Your bots could not be loaded. The database is not answering.',
      ),
    );
    expect(container.querySelector('form')).toBeNull();
    click('Try again');
    await vi.waitFor(() =>
      expect(requests.filter((request) => request.call === 'GET /api/bots/mine')).toHaveLength(2),
    );
  });
});
