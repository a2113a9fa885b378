import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { formatThousands } from '#core/format/balance.ts';
import type { Me } from '#core/protocol/auth.ts';
import { useDropdown } from '#src/lib/dom/useDropdown.ts';

/** A signed-in user's menu: balance and nickname, then Profile and Sign Out. */
export function UserMenu({ me, walletPanel }: { me: Me; walletPanel?: ReactNode }) {
  const { open, toggleProps, container } = useDropdown();
  const menuId = useId();

  return (
    <div className="user-menu" ref={container}>
      <button type="button" className="user-button" aria-controls={menuId} {...toggleProps}>
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
