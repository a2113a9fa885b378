import { describe, expect, it } from 'vitest';
import { prerenderedPageFor } from './prerenderedPages.ts';

describe('prerenderedPageFor', () => {
  it.each([
    ['/', 'pages/home.html'],
    ['/?utm=x', 'pages/home.html'],
    ['/games', 'pages/games.html'],
    ['/games/', 'pages/games.html'],
    ['/games/sessions', 'pages/active-games.html'],
    ['/games/sessions/5b0e6c1e-0000-4000-8000-000000000000', 'pages/watch.html'],
    ['/games/tournaments', 'pages/tournaments.html'],
    ['/games/tournaments/5b0e6c1e-0000-4000-8000-000000000000', 'pages/tournament.html'],
    ['/agents', 'pages/agents.html'],
    ['/agents/abc', 'pages/agent.html'],
    ['/terms-of-use', 'pages/terms-of-use.html'],
  ])('serves %s from %s', (path, file) => {
    expect(prerenderedPageFor(path)?.file).toBe(file);
  });

  it.each([
    '/agents/mine',
    '/profile',
    '/admin',
    '/auth/logout',
    '/games/sessions/a/b',
    '/games/tournaments/a/b',
    '/nowhere',
  ])('has no page for %s', (path) => {
    expect(prerenderedPageFor(path)).toBeUndefined();
  });
});
