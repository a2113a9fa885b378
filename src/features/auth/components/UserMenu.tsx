import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatThousands } from '../../../../core/format/balance.ts';
import type { Me } from '../../../../core/protocol/auth.ts';

/** A signed-in user's menu: balance and nickname, then Profile and Sign Out. */
export function UserMenu({ me, walletPanel }: { me: Me; walletPanel?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={container}>
      <button
        type="button"
        className="user-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="balance" data-testid="user-balance">
          <span className="visually-hidden">Balance </span>
          {formatThousands(me.userInfo.balance)}
        </span>
        <span className="nickname" data-testid="user-nickname">
          {me.userInfo.nickname}
        </span>
      </button>
      <ul id={menuId} className="user-dropdown" hidden={!open}>
        {walletPanel ? <li>{walletPanel}</li> : null}
        <li>
          <Link to="/profile">Profile</Link>
        </li>
        <li>
          <Link to="/auth/logout">Sign Out</Link>
        </li>
      </ul>
    </div>
  );
}
