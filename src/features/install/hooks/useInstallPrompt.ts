import { useSyncExternalStore } from 'react';
import {
  onInstallPromptChange,
  pendingInstallPrompt,
  takeInstallPrompt,
} from '#src/features/install/installPrompt.ts';

/**
 * The browser's deferred install prompt (kept from page start by captureInstallPrompt), when it
 * offered one and the app is not already installed; `install` shows it (from a click).
 */
export function useInstallPrompt(): { canInstall: boolean; install: () => Promise<void> } {
  const prompt = useSyncExternalStore(onInstallPromptChange, pendingInstallPrompt, () => null);
  return {
    canInstall: prompt !== null,
    install: async () => {
      await takeInstallPrompt()?.prompt();
    },
  };
}
