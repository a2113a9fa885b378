import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOverHttp } from '#server/testing/nginxClients.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { VIEWPORTS, waitForPageReady } from './support/pages.ts';
import { pushDeliveryFor } from './support/pushDelivery.ts';
import { waitForServiceWorkerControl } from './support/pwa.ts';
import { signedInContext } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

/**
 * Issue 48 as a signed-in user meets it, on one server and one sign-in: follow an agent from its
 * page, find it on the profile, choose what to be told, hear of the agent's match through the
 * header's bell, and follow the notification to the watch page. The match is announced by an
 * admin (signed in over HTTP, no browser) rather than waited for from the runner's random
 * draw: no match runs by itself (LIVE_MATCHES=0), and the announced one takes bets for ten
 * minutes, so the page it links to stays the same while the test reads it.
 */
const admin = privateKeyToAccount(generatePrivateKey());
const harness = serverAndBrowserForFile({
  adminAddresses: [admin.address.toLowerCase()],
  env: { LIVE_MATCHES: '0', BETTING_WINDOW_MS: '600000' },
});
// Two built-in agents: the user follows the first, the admin matches it with the second.
const FOLLOWED = 'pip';
const OPPONENT = 'bramble';

let context: BrowserContext;
let page: Page;
let adminCookie: string;
beforeAll(async () => {
  adminCookie = await signInOverHttp(
    harness.server.origin,
    harness.server.origin,
    undefined,
    admin,
  );
  ({ context, page } = await signedInContext(harness.browser, harness.server.origin));
});
afterAll(async () => {
  await context?.close();
});

async function agentName(id: string): Promise<string> {
  const response = await fetch(`${harness.server.origin}/api/agents/${id}`);
  const body = (await response.json()) as { name?: string; agent?: { name?: string } };
  const name = body.name ?? body.agent?.name;
  if (!name) throw new Error(`agent ${id} has no name in ${JSON.stringify(body)}`);
  return name;
}

const overflow = () =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const bell = () => page.getByRole('link', { name: /^Notifications(, \d+ unread)?$/ });
/**
 * The page's next request of `method` `path`, once answered. A change is shown at once (the page
 * is optimistic), so a test that reloads must first wait for the server to have it; and a reloaded
 * page first shows its saved query cache, so the server's word is the answer to its refetch.
 */
const nextAnswer = (method: string, path: string) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === method && new URL(response.url()).pathname === path,
    { timeout: 30_000 },
  );
const PREFERENCES = '/api/notifications/preferences';
const unreadOnServer = async () =>
  ((await (await page.request.get('/api/notifications/unread')).json()) as { unread: number })
    .unread;

describe('reach: follows and notifications, as a signed-in user meets them', () => {
  let followedName: string;
  let matchId: string;

  it("follows an agent from its page: the button's pressed state and its count change", async () => {
    followedName = await agentName(FOLLOWED);
    await page.goto(`/agents/${FOLLOWED}`);
    const follow = page.getByRole('button', { name: `Follow ${followedName}` });
    const count = page.getByTestId('follower-count');
    await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('false');
    expect(await count.textContent({ timeout: 30_000 })).toBe('0 followers');
    const stored = nextAnswer('PUT', `/api/follows/agent/${FOLLOWED}`);
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toBe('1 follower');
    expect(await follow.textContent()).toBe('✓ Following');
    expect((await stored).status()).toBe(200);
    // The server's word, not only the page's: a reload shows the same.
    const reloaded = nextAnswer('GET', `/api/follows/agent/${FOLLOWED}`);
    await page.reload();
    expect(await (await reloaded).json()).toEqual({ followers: 1, following: true });
    await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
  });

  it("lists it under the profile's Following, and a kind turned off and on holds after reload", async () => {
    await page.goto('/profile');
    const followed = page.getByTestId('followed');
    await followed.first().waitFor({ timeout: 30_000 });
    expect(await followed.count()).toBe(1);
    expect(await followed.getByRole('link').getAttribute('href')).toBe(`/agents/${FOLLOWED}`);
    expect(await followed.getByRole('link').textContent()).toBe(followedName);

    const kind = page.getByRole('checkbox', { name: 'My bet is settled' });
    await kind.waitFor({ timeout: 30_000 });
    expect(await kind.isChecked()).toBe(true);
    for (const enabled of [false, true]) {
      const saved = nextAnswer('PUT', PREFERENCES);
      await kind.click();
      expect((await saved).status()).toBe(200);
      await expect.poll(() => kind.isChecked(), { timeout: 30_000 }).toBe(enabled);
      const reloaded = nextAnswer('GET', PREFERENCES);
      await page.reload();
      const { preferences } = (await (await reloaded).json()) as {
        preferences: Record<string, boolean>;
      };
      expect(preferences['bet-settled']).toBe(enabled);
      await expect.poll(() => kind.isChecked(), { timeout: 30_000 }).toBe(enabled);
    }
    // The followed-match kind the next step needs is on by default.
    expect(
      await page
        .getByRole('checkbox', { name: 'An agent or bot I follow has a match announced' })
        .isChecked(),
    ).toBe(true);
  });

  it("is told when the followed agent's match is announced: the bell shows the unread count", async () => {
    const started = await fetch(`${harness.server.origin}/api/admin/matches`, {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'connect4', firstAgentId: FOLLOWED, secondAgentId: OPPONENT }),
    });
    expect(started.status).toBe(201);
    ({ matchId } = (await started.json()) as { matchId: string });
    // The outbox's worker fans the event out within a pass (woken by its NOTIFY, else polling).
    await expect.poll(unreadOnServer, { timeout: 60_000 }).toBe(1);
    await page.goto('/');
    await expect
      .poll(() => bell().getAttribute('aria-label'), { timeout: 30_000 })
      .toBe('Notifications, 1 unread');
    expect(await page.getByTestId('notification-badge').textContent()).toBe('1');
  });

  it('/notifications lists the entry as a link, and following it opens the watch page and drops the count', async () => {
    await bell().click();
    await page.waitForURL('**/notifications');
    const entry = page.locator('li.notification-entry');
    await entry.first().waitFor({ timeout: 30_000 });
    expect(await entry.count()).toBe(1);
    expect(await entry.getAttribute('class')).toContain('unread');
    const opponentName = await agentName(OPPONENT);
    expect(await entry.locator('.notification-title').textContent()).toBe(
      `${followedName} plays ${opponentName}`,
    );
    expect(await entry.locator('.notification-body').textContent()).toContain(
      `${followedName}, which you follow, plays ${opponentName}. Betting closes`,
    );
    expect(await entry.getByRole('link').getAttribute('href')).toBe(`/games/sessions/${matchId}`);

    await entry.getByRole('link').click();
    await page.waitForURL(`**/games/sessions/${matchId}`);
    await page.getByTestId('announced').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => bell().getAttribute('aria-label'), { timeout: 30_000 })
      .toBe('Notifications');
    expect(await page.getByTestId('notification-badge').count()).toBe(0);
    expect(await unreadOnServer()).toBe(0);
  });

  it('fits 360 px without sideways scrolling on /notifications and /profile, with no serious axe finding', async () => {
    await page.setViewportSize(VIEWPORTS.narrow);
    for (const path of ['/notifications', '/profile']) {
      await page.goto(path);
      await waitForPageReady(page);
      // Each page with its content, not only its heading: the entry, what is followed.
      await page
        .locator(path === '/profile' ? '[data-testid="followed"]' : 'li.notification-entry')
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await overflow(), path).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('has a service worker that shows a push delivered to it, whose click opens the watch page', async () => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await context.grantPermissions(['notifications'], { origin: harness.server.origin });
    const worker = context
      .serviceWorkers()
      .find((one) => one.url().startsWith(harness.server.origin));
    expect(worker).toBeDefined();
    const pushes = await pushDeliveryFor(context, page, harness.server.origin);
    const payload = {
      title: `${followedName} is about to play`,
      body: 'A push from the test.',
      path: `/games/sessions/${matchId}`,
      key: 'reach-e2e',
    };
    // Read only once the push event has ended: a read while its notification is still going on
    // screen makes Chromium drop it from the list (pushDelivery.ts).
    expect(await pushes.deliver(JSON.stringify(payload))).toBe('Success');
    await pushes.detach();
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const notifications = await registration.getNotifications();
      return notifications.map((notification) => ({
        title: notification.title,
        tag: notification.tag,
        data: notification.data as unknown,
      }));
    });
    expect(shown).toEqual([
      { title: payload.title, tag: payload.key, data: { path: payload.path } },
    ]);

    // Its click, dispatched in the service worker as Chromium dispatches a person's (DevTools
    // cannot click a notification), takes the open window to the watch page.
    await worker!.evaluate(async () => {
      // The worker's own globals (this file is typed for pages, not workers).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      } & EventTarget;
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification shown');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL(`**${payload.path}`, { timeout: 30_000 });
    expect(
      await page.evaluate(
        async () => (await (await navigator.serviceWorker.ready).getNotifications()).length,
      ),
    ).toBe(0);
  });
});
