import type { toast as sonnerToast } from 'sonner';

/** Default toast lifetime (SPEC section 9). */
export const TOAST_DURATION_MS = 4000;

/** What every toast carries (SPEC section 2). */
export interface ToastInput {
  message: string;
  description?: string;
  duration?: number;
  /** One button on the toast, e.g. "Reload to update". */
  action?: { label: string; onClick: () => void };
}

/** Sonner's toast function; its id identifies the toast in sonner's history. */
type SonnerToast = typeof sonnerToast;
type ToastId = ReturnType<SonnerToast>;

/**
 * Puts a toaster on screen and resolves with sonner's toast function once that toaster listens:
 * sonner drops toasts made while no toaster is subscribed.
 */
export type ToasterHost = () => Promise<SonnerToast>;

// Until the app names its host (and in unit tests) toasts only reach sonner's store and history.
let host: ToasterHost = async () => (await import('sonner')).toast;
let ready: Promise<SonnerToast> | undefined;

/**
 * Sets how the toaster gets on screen. Sonner and the toaster load with the first toast, not with
 * the page: most visits never show one.
 */
export function setToasterHost(next: ToasterHost): void {
  host = next;
  ready = undefined;
}

function toaster(): Promise<SonnerToast> {
  ready ??= host().catch((error: unknown) => {
    ready = undefined; // offline before the chunk was cached: the next toast tries again
    throw error;
  });
  return ready;
}

function options(input: ToastInput) {
  return {
    duration: input.duration ?? TOAST_DURATION_MS,
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.action === undefined ? {} : { action: input.action }),
  };
}

type Kind = 'success' | 'error' | 'warning' | 'info' | 'plain';

/** Shows the toast once the toaster listens; resolves with its id, or undefined if none could load. */
function show(kind: Kind, input: ToastInput): Promise<ToastId | undefined> {
  return toaster().then(
    (sonner) => {
      const shown = kind === 'plain' ? sonner : sonner[kind];
      return shown(input.message, options(input));
    },
    (error: unknown) => {
      console.info('Toast not shown: the toaster could not load', input.message, error);
      return undefined;
    },
  );
}

/** The app's one toast API: five kinds, each with a message and optional description/duration. */
export const toast = {
  success: (input: ToastInput) => show('success', input),
  error: (input: ToastInput) => show('error', input),
  warning: (input: ToastInput) => show('warning', input),
  info: (input: ToastInput) => show('info', input),
  plain: (input: ToastInput) => show('plain', input),
};
