import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../lib/toast.ts';

/** Where toasts appear: bottom centre, dark, 4 s by default (SPEC section 2). */
export function AppToaster() {
  return <Toaster position="bottom-center" theme="dark" duration={TOAST_DURATION_MS} />;
}
