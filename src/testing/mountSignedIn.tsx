import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Sets up a happy-dom test file whose components read the signed-in user's data: each test starts
 * with the sign-in hint the server would have set, and ends with its component unmounted and its
 * stubbed globals (a fake `fetch`) put back. Returns `mount`, which renders a component under a
 * fresh query client (no retries) and returns the element it renders into.
 */
export function mountSignedIn(): (node: ReactNode) => HTMLElement {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the sign-in hint the server would have set.
    document.cookie = 'gridmind_signed_in=1';
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container?.remove();
    vi.unstubAllGlobals();
  });
  return (node) => {
    const element = document.createElement('div');
    document.body.append(element);
    container = element;
    root = createRoot(element);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() => root?.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
    return element;
  };
}
