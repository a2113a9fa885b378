let installed = false;

/**
 * AppKit leaves a few `TypeError: Failed to fetch` promises unhandled when Reown's cloud is out of
 * reach. They are not our crashes: log them quietly instead of as uncaught errors.
 */
export function ignoreOfflineRejections(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (
      reason instanceof TypeError &&
      /failed to fetch|load failed|networkerror/i.test(reason.message)
    ) {
      event.preventDefault();
      console.info('Wallet services unreachable:', reason.message);
    }
  });
}
