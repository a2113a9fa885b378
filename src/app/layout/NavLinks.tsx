import { Link, useLocation } from 'react-router';
import { isNavItemActive, type NavItem } from './navItems.ts';

/** The navigation links, marking the current one with aria-current="page". */
export function NavLinks({
  items,
  className,
  onNavigate,
}: {
  items: readonly NavItem[];
  className: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {items.map((item) => {
        const active = isNavItemActive(item, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              className={active ? 'nav-link active' : 'nav-link'}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
