import { toast as sonner } from 'sonner';

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

function options(input: ToastInput) {
  return {
    duration: input.duration ?? TOAST_DURATION_MS,
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.action === undefined ? {} : { action: input.action }),
  };
}

/** The app's one toast API: five kinds, each with a message and optional description/duration. */
export const toast = {
  success: (input: ToastInput) => sonner.success(input.message, options(input)),
  error: (input: ToastInput) => sonner.error(input.message, options(input)),
  warning: (input: ToastInput) => sonner.warning(input.message, options(input)),
  info: (input: ToastInput) => sonner.info(input.message, options(input)),
  plain: (input: ToastInput) => sonner(input.message, options(input)),
};
