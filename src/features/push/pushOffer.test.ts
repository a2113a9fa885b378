import { describe, expect, it } from 'vitest';
import { pushOfferFor } from './pushOffer.ts';
import { pushSupport } from './pushSupport.ts';

/** A window as far as pushSupport looks at it. */
function fakeWindow({
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  maxTouchPoints = 0,
  standalone = false,
  push = true,
  permission = 'default' as NotificationPermission,
} = {}): Window {
  return {
    navigator: { userAgent, maxTouchPoints, ...(push ? { serviceWorker: {} } : {}) },
    matchMedia: () => ({ matches: standalone }),
    ...(push ? { PushManager: class {}, Notification: { permission } } : {}),
  } as unknown as Window;
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15';

describe('pushSupport', () => {
  it('needs a home-screen install on iOS and iPadOS, in any of their browsers', () => {
    expect(pushSupport(fakeWindow({ userAgent: IPHONE }))).toEqual({ kind: 'ios-needs-install' });
    expect(pushSupport(fakeWindow({ userAgent: IPAD, maxTouchPoints: 5 }))).toEqual({
      kind: 'ios-needs-install',
    });
    expect(pushSupport(fakeWindow({ userAgent: IPHONE, standalone: true }))).toEqual({
      kind: 'available',
      permission: 'default',
    });
  });

  it('says unsupported without PushManager, and gives the permission where push works', () => {
    expect(pushSupport(fakeWindow({ push: false }))).toEqual({ kind: 'unsupported' });
    expect(pushSupport(fakeWindow({ permission: 'denied' }))).toEqual({
      kind: 'available',
      permission: 'denied',
    });
  });
});

describe('pushOfferFor', () => {
  it('asks once a browser, never a browser that blocked Gridmind', () => {
    const available = (permission: NotificationPermission) =>
      ({ kind: 'available', permission }) as const;
    expect(pushOfferFor(available('default'), false)).toBe('ask');
    expect(pushOfferFor(available('default'), true)).toBe('none');
    expect(pushOfferFor(available('denied'), false)).toBe('none');
    expect(pushOfferFor(available('granted'), true)).toBe('subscribe-quietly');
  });

  it('gives iOS its home-screen hint once, and unsupported browsers nothing', () => {
    expect(pushOfferFor({ kind: 'ios-needs-install' }, false)).toBe('ios-hint');
    expect(pushOfferFor({ kind: 'ios-needs-install' }, true)).toBe('none');
    expect(pushOfferFor({ kind: 'unsupported' }, false)).toBe('none');
  });
});
