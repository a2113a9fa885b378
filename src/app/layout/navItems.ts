/** One entry of the top navigation. */
export interface NavItem {
  label: string;
  to: string;
  /** How the entry decides it is the current page. */
  match: 'exact' | 'prefix';
}

const PUBLIC_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/', match: 'exact' },
  { label: 'Games', to: '/games', match: 'exact' },
  { label: 'Active Games', to: '/games/sessions', match: 'prefix' },
  { label: 'Agents', to: '/agents', match: 'prefix' },
];

const ADMIN_ITEM: NavItem = { label: 'Admin', to: '/admin', match: 'prefix' };

/** The entries a viewer sees: Admin only for a signed-in admin (SPEC section 2). */
export function navItemsFor(isAdmin: boolean): readonly NavItem[] {
  return isAdmin ? [...PUBLIC_ITEMS, ADMIN_ITEM] : PUBLIC_ITEMS;
}

/**
 * Active rules: Home only for '/', Games only for '/games' itself, Active Games for anything
 * under '/games/sessions', Agents for anything under '/agents'. A trailing slash is ignored.
 */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  if (item.match === 'exact') return path === item.to;
  return path === item.to || path.startsWith(`${item.to}/`);
}
