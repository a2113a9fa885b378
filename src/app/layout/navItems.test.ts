import { describe, expect, it } from 'vitest';
import { isNavItemActive, type NavItem, navItemsFor } from './navItems.ts';

function activeLabels(pathname: string, isAdmin = true): string[] {
  return navItemsFor(isAdmin)
    .filter((item: NavItem) => isNavItemActive(item, pathname))
    .map((item) => item.label);
}

describe('navigation', () => {
  it('shows Admin only to admins', () => {
    expect(navItemsFor(false).map((item) => item.label)).toEqual([
      'Home',
      'Games',
      'Active Games',
      'Agents',
    ]);
    expect(navItemsFor(true).map((item) => item.label)).toContain('Admin');
  });

  it('marks Home only on /', () => {
    expect(activeLabels('/')).toEqual(['Home']);
    expect(activeLabels('/about-us')).toEqual([]);
  });

  it('marks Games only on /games itself', () => {
    expect(activeLabels('/games')).toEqual(['Games']);
    expect(activeLabels('/games/')).toEqual(['Games']);
    expect(activeLabels('/games/other')).toEqual([]);
  });

  it('marks Active Games for any path under /games/sessions, and not Games', () => {
    expect(activeLabels('/games/sessions')).toEqual(['Active Games']);
    expect(activeLabels('/games/sessions/abc-123')).toEqual(['Active Games']);
    expect(activeLabels('/games/sessionsx')).toEqual([]);
  });

  it('marks Agents for any path under /agents', () => {
    expect(activeLabels('/agents')).toEqual(['Agents']);
    expect(activeLabels('/agents/ada')).toEqual(['Agents']);
  });
});
