import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { NavLinks } from './NavLinks.tsx';
import type { NavItem } from './navItems.ts';

/** The navigation as a dropdown behind a menu button, for narrow screens. */
export function MobileMenu({ items }: { items: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // A route change (link, back button) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="mobile-menu">
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
      </button>
      <nav id={menuId} aria-label="Main menu" className="mobile-dropdown" hidden={!open}>
        <NavLinks items={items} className="mobile-nav-list" onNavigate={() => setOpen(false)} />
      </nav>
    </div>
  );
}
