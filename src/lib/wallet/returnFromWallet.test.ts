import { describe, expect, it } from 'vitest';
import { memoryStorage } from '#src/testing/returnFromWalletTestStorage.ts';
import { watchReturnFromWallet } from './returnFromWallet.ts';
import { isWalletSignInPending, markWalletSignInPending } from './returnFromWalletPending.ts';

function fakePage() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
  const win = Object.assign(new EventTarget(), { document }) as unknown as Window;
  return {
    win,
    show: () => {
      document.visibilityState = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    hide: () => {
      document.visibilityState = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    pageshow: (persisted: boolean) =>
      win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted })),
  };
}

/** Lets a finished re-check release its "running" flag (one task later, as between real events). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchReturnFromWallet', () => {
  it('re-checks when the page becomes visible, not when it is hidden', async () => {
    const page = fakePage();
    let time = 0;
    let calls = 0;
    watchReturnFromWallet({ win: page.win, now: () => time, onReturn: () => void calls++ });
    page.hide();
    expect(calls).toBe(0);
    page.show();
    expect(calls).toBe(1);
    await settled();
    time = 5_000;
    page.hide();
    page.show();
    expect(calls).toBe(2);
  });

  it('re-checks on a pageshow from the back-forward cache only', () => {
    const page = fakePage();
    let calls = 0;
    watchReturnFromWallet({ win: page.win, now: () => 0, onReturn: () => void calls++ });
    page.pageshow(false);
    expect(calls).toBe(0);
    page.pageshow(true);
    expect(calls).toBe(1);
  });

  it('runs once when visibilitychange and pageshow arrive together', () => {
    const page = fakePage();
    let time = 10_000;
    let calls = 0;
    watchReturnFromWallet({ win: page.win, now: () => time, onReturn: () => void calls++ });
    page.show();
    time += 200;
    page.pageshow(true);
    expect(calls).toBe(1);
  });

  it('never runs two re-checks at once, and survives a failing one', async () => {
    const page = fakePage();
    let time = 0;
    let finish: () => void = () => {};
    let calls = 0;
    watchReturnFromWallet({
      win: page.win,
      now: () => time,
      onReturn: () => {
        calls++;
        return new Promise<void>((_, reject) => {
          finish = () => reject(new Error('network down'));
        });
      },
    });
    page.show();
    time = 5_000;
    page.pageshow(true);
    expect(calls).toBe(1);
    finish();
    await settled();
    time = 10_000;
    page.pageshow(true);
    expect(calls).toBe(2);
  });

  it('stops watching when asked', () => {
    const page = fakePage();
    let calls = 0;
    const stop = watchReturnFromWallet({
      win: page.win,
      now: () => 0,
      onReturn: () => void calls++,
    });
    stop();
    page.show();
    page.pageshow(true);
    expect(calls).toBe(0);
  });

  it('leaving with the wallet modal in use notes the trip; without it, nothing is noted', () => {
    const page = fakePage();
    const storage = memoryStorage();
    let walletInUse = false;
    watchReturnFromWallet({
      win: page.win,
      now: () => 0,
      onReturn: () => {},
      storage,
      walletInUse: () => walletInUse,
    });
    page.hide();
    expect(isWalletSignInPending(storage)).toBe(false);
    walletInUse = true;
    page.hide();
    expect(isWalletSignInPending(storage)).toBe(true);
  });

  it('a page started after the OS killed the tab mid-trip re-checks at once; an ordinary start does not', () => {
    const storage = memoryStorage();
    let calls = 0;
    watchReturnFromWallet({ win: fakePage().win, onReturn: () => void calls++, storage });
    expect(calls).toBe(0);
    markWalletSignInPending(storage);
    watchReturnFromWallet({ win: fakePage().win, onReturn: () => void calls++, storage });
    expect(calls).toBe(1);
  });
});
