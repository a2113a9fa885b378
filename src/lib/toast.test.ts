import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { setToasterHost, TOAST_DURATION_MS, toast } from './toast.ts';

type Recorded = {
  id: string | number;
  type?: string;
  title?: unknown;
  description?: unknown;
  duration?: number;
};

function recorded(id: string | number | undefined): Recorded | undefined {
  return (sonner.getHistory() as Recorded[]).find((entry) => entry.id === id);
}

const sonnerDirectly = async () => sonner;

describe('toast', () => {
  afterEach(() => setToasterHost(sonnerDirectly));

  it.each([
    ['success', toast.success],
    ['error', toast.error],
    ['warning', toast.warning],
    ['info', toast.info],
  ] as const)('%s toasts carry their type, message and the 4000 ms default', async (type, show) => {
    const id = await show({ message: `A ${type}` });
    expect(recorded(id)).toMatchObject({ type, title: `A ${type}`, duration: 4000 });
    expect(recorded(id)?.description).toBeUndefined();
  });

  it('plain toasts have no type', async () => {
    const id = await toast.plain({ message: 'Hello' });
    expect(recorded(id)).toMatchObject({ title: 'Hello', duration: TOAST_DURATION_MS });
    expect(recorded(id)?.type).toBeUndefined();
  });

  it('passes description and duration through', async () => {
    const id = await toast.error({ message: 'Nope', description: 'Try again', duration: 9000 });
    expect(recorded(id)).toMatchObject({ description: 'Try again', duration: 9000 });
  });

  it('holds toasts until the toaster listens, then shows them in order', async () => {
    let listen: () => void = () => {};
    const listening = new Promise<void>((resolve) => {
      listen = resolve;
    });
    let hostCalls = 0;
    setToasterHost(async () => {
      hostCalls += 1;
      await listening;
      return sonner;
    });
    const before = sonner.getHistory().length;
    const first = toast.info({ message: 'First' });
    const second = toast.success({ message: 'Second' });
    await Promise.resolve();
    expect(sonner.getHistory()).toHaveLength(before);
    listen();
    const ids = await Promise.all([first, second]);
    expect(ids.map((id) => recorded(id)?.title)).toEqual(['First', 'Second']);
    expect(hostCalls).toBe(1);
  });

  it('logs and tries again on the next toast when the toaster cannot load', async () => {
    let attempts = 0;
    setToasterHost(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return sonner;
    });
    expect(await toast.warning({ message: 'Lost' })).toBeUndefined();
    const id = await toast.warning({ message: 'Shown' });
    expect(recorded(id)).toMatchObject({ type: 'warning', title: 'Shown' });
  });
});
