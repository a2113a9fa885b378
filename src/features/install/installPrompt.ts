import { isStandalone } from './displayMode.ts';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let capturing = false;
const listeners = new Set<() => void>();

function settle(prompt: BeforeInstallPromptEvent | null): void {
  deferred = prompt;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install prompt from the moment the page starts: src/main.tsx calls it before
 * the app loads, since the browser may offer installation before React has mounted anything to
 * listen. Does nothing when already installed.
 */
export function captureInstallPrompt(win: Window = window): void {
  if (capturing || isStandalone(win)) return;
  capturing = true;
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep Chromium's mini-infobar away; we offer our own button
    settle(event as BeforeInstallPromptEvent);
  });
  win.addEventListener('appinstalled', () => settle(null));
}

/** The prompt the browser offered and nobody has used yet. */
export function pendingInstallPrompt(): BeforeInstallPromptEvent | null {
  return deferred;
}

/** Hands out the pending prompt once: a prompt works only once. */
export function takeInstallPrompt(): BeforeInstallPromptEvent | null {
  const prompt = deferred;
  if (prompt) settle(null);
  return prompt;
}

/** Calls `listener` whenever the pending prompt changes. */
export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
