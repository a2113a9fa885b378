import { toast as sonner } from 'sonner';
import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, toast } from './toast.ts';

type Recorded = {
  id: string | number;
  type?: string;
  title?: unknown;
  description?: unknown;
  duration?: number;
};

function recorded(id: string | number): Recorded | undefined {
  return (sonner.getHistory() as Recorded[]).find((entry) => entry.id === id);
}

describe('toast', () => {
  it.each([
    ['success', toast.success],
    ['error', toast.error],
    ['warning', toast.warning],
    ['info', toast.info],
  ] as const)('%s toasts carry their type, message and the 4000 ms default', (type, show) => {
    const id = show({ message: `A ${type}` });
    expect(recorded(id)).toMatchObject({ type, title: `A ${type}`, duration: 4000 });
    expect(recorded(id)?.description).toBeUndefined();
  });

  it('plain toasts have no type', () => {
    const id = toast.plain({ message: 'Hello' });
    expect(recorded(id)).toMatchObject({ title: 'Hello', duration: TOAST_DURATION_MS });
    expect(recorded(id)?.type).toBeUndefined();
  });

  it('passes description and duration through', () => {
    const id = toast.error({ message: 'Nope', description: 'Try again', duration: 9000 });
    expect(recorded(id)).toMatchObject({ description: 'Try again', duration: 9000 });
  });
});
