/**
 * A Vite build plugin, imported by vite.config.ts: lets tree shaking drop the parts of
 * react-router's production build that the app never renders (Form and its submission code,
 * fetchers, NavLink, scroll restoration, the history router).
 *
 * The build calls `React.forwardRef`, `React.createContext` and `React.memo` at the top level
 * without a `@__PURE__` mark and then sets `displayName` on the results. To a bundler both are
 * side effects, so every such component stays in the first load with everything it calls, used
 * or not (1.8 KB gzip of `/`). Here those calls are marked pure and the `displayName` lines,
 * which only name components in React's developer tools, are removed. Nothing else changes.
 */
import type { Plugin } from 'vite';

/** react-router's production chunks (vite.config.ts aliases the package to that build). */
const REACT_ROUTER_CHUNK = /\/react-router\/dist\/production\/chunk-[A-Z0-9]+\.mjs$/;
const UNMARKED_FACTORY = /= (React\d*)\.(forwardRef|createContext|memo)\(/g;
const DISPLAY_NAME = /^[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm;

/** Marks react-router's top-level component factories pure and drops their `displayName`s. */
export function reactRouterPure(): Plugin {
  let rewritten = 0;
  return {
    name: 'gridmind-react-router-pure',
    apply: 'build',
    buildStart() {
      rewritten = 0;
    },
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      const pure = code
        .replace(UNMARKED_FACTORY, '= /* @__PURE__ */ $1.$2(')
        .replace(DISPLAY_NAME, '');
      if (pure === code) return null;
      rewritten += 1;
      return { code: pure, map: null };
    },
    buildEnd(error) {
      // An upgrade that renames the chunks or changes how they call React would silently bring
      // the unused components back; the client build names what to look at instead.
      const isClientBuild = [...this.getModuleIds()].some((id) => id.endsWith('src/main.tsx'));
      if (!error && isClientBuild && rewritten === 0) {
        this.error('reactRouterPure: no react-router chunk was rewritten; check the patterns');
      }
    },
  };
}
