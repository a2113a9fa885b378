import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openReopeningEventSource } from './reopeningEventSource.ts';

/** The browser's EventSource as far as reopening sees it: its state, and the events it fires. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server answered 200: the stream is open. */
  accept() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** An error status (429, 503): the browser gives up on this source for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  /** A dropped connection: the browser reconnects by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
}

const DELAYS = [5_000, 10_000];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  // Near the jitter's largest: almost half again of each delay.
  vi.spyOn(Math, 'random').mockReturnValue(0.99);
  FakeEventSource.opened = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('openReopeningEventSource', () => {
  it('opens a refused stream again after a growing delay, from a fresh url, and resets once open', () => {
    let ply = 0;
    const listened: string[] = [];
    openReopeningEventSource(
      () => `/events?lastEventId=${ply}`,
      (source) => listened.push(source.url),
      DELAYS,
    );
    FakeEventSource.opened[0]!.refuse();
    ply = 3;
    vi.advanceTimersByTime(7_400);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(listened).toEqual(['/events?lastEventId=0', '/events?lastEventId=3']);
    // A second refusal waits longer; the last delay holds after that.
    FakeEventSource.opened[1]!.refuse();
    vi.advanceTimersByTime(14_900);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(100);
    FakeEventSource.opened[2]!.refuse();
    vi.advanceTimersByTime(15_000);
    expect(FakeEventSource.opened).toHaveLength(4);
    // Once a stream opens, the next refusal waits the first delay again.
    FakeEventSource.opened[3]!.accept();
    FakeEventSource.opened[3]!.refuse();
    vi.advanceTimersByTime(7_500);
    expect(FakeEventSource.opened).toHaveLength(5);
  });

  it('leaves to the browser a dropped connection, and closed a stream its page closed', () => {
    openReopeningEventSource(
      () => '/events',
      (source) => source.addEventListener('open', () => source.close()),
      DELAYS,
    );
    const source = FakeEventSource.opened[0]!;
    source.drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    // The page closes it on its last event: no error follows, nothing opens again.
    source.accept();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens nothing more once closed, even with a reopening due', () => {
    const close = openReopeningEventSource(
      () => '/events',
      () => {},
      DELAYS,
    );
    FakeEventSource.opened[0]!.refuse();
    close();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED);
  });
});
