/**
 * The entry: the stylesheets, then the app after the first paint.
 *
 * A prerendered page (scripts/prerender.ts) paints from its HTML. The app's modules (React, the
 * router, the schemas) take a long task to evaluate, and a browser that has the scripts early
 * runs them before its first frame, so the page's text would wait for them after all. Importing
 * the app only after a frame has been painted keeps that first paint independent of the
 * JavaScript. The app's chunks are fetched then, as the browser reads their imports (the graph is
 * two levels deep; `modulePreload` in vite.config.ts), not preloaded before: on a slow connection
 * they would only compete with the page's own bytes.
 *
 * The stylesheets of every prerendered page are imported here, not by their components, so they
 * are in the page's head for that first paint.
 */
import './styles/base.css';
import './styles/shell.css';
import './styles/pages.css';
import './cache/OfflineNotice.css';
import './features/matches/boards/connect4.css';
import './features/matches/components/matches.css';
import './features/agents/components/agents.css';
import './features/betting/components/betting.css';
import './features/tournaments/components/tournaments.css';
import './lib/games/gameFilter.css';
import { followDisplayMode } from './features/install/displayMode.ts';
import { captureInstallPrompt } from './features/install/installPrompt.ts';

// zod builds its fast object parsers with `new Function` and probes for that when a schema is
// created; our CSP (script-src without 'unsafe-eval') refuses the probe and Chromium logs a CSP
// issue on every page. zod reads this global config when its modules load, and every module that
// uses zod is imported below, after this line has run. Its interpreted parsers are fast enough.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = {
  ...(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig,
  jitless: true,
};

// Before the first paint: installed, the page pads clear of the notch from its first frame.
followDisplayMode();
captureInstallPrompt();

// After a frame, in three tasks rather than one long one: React's modules are evaluated, then
// the app's (router, queries, schemas, pages), then the app starts. Evaluating all of them at
// once held the main thread for about 70 ms (290 ms on Lighthouse's 4x slower CPU).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
requestAnimationFrame(() => {
  void nextTask()
    .then(() => import('react-dom/client'))
    .then(nextTask)
    .then(() => import('./app/startApp.tsx'))
    .then(({ startApp }) => nextTask().then(startApp));
});
