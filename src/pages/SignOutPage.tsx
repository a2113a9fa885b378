import { useSignOut } from '#src/features/auth/hooks/useSignOut.ts';
import { PageShell } from './PageShell.tsx';

/** /auth/logout: signs the user out, then lands on Home. */
export function SignOutPage() {
  useSignOut();
  return (
    <PageShell title="Signing out">
      <p role="status">Signing you out…</p>
    </PageShell>
  );
}
