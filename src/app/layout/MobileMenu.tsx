import { useId } from 'react';
import { useDropdown } from '#src/lib/dom/useDropdown.ts';
import { useScriptsRunning } from '#src/lib/dom/useScriptsRunning.ts';
import { NavLinks } from './NavLinks.tsx';
import type { NavItem } from './navItems.ts';

/** The navigation as a dropdown behind a menu button, for narrow screens. */
export function MobileMenu({ items }: { items: readonly NavItem[] }) {
  const { open, close, toggleProps, container } = useDropdown();
  const menuId = useId();
  const scriptsRunning = useScriptsRunning();
  return (
    <div className="mobile-menu" ref={container}>
      <button
        type="button"
        className="icon-button"
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        disabled={!scriptsRunning}
        {...toggleProps}
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
      </button>
      <nav id={menuId} aria-label="Main menu" className="mobile-dropdown" hidden={!open}>
        <NavLinks items={items} className="mobile-nav-list" onNavigate={close} />
      </nav>
    </div>
  );
}
