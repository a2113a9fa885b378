// Runs before the app's modules (a deferred classic script ahead of the module script). zod builds
// its fast object parsers with `new Function` and probes for that when a schema is created; our
// CSP (script-src without 'unsafe-eval') refuses the probe and Chromium logs a CSP issue on every
// page. zod reads this global config; its interpreted parsers are fast enough for our bodies.
// It has to be a separate file: the bundler evaluates the shared zod chunk before any code in
// main.tsx could set the option, and the CSP forbids an inline script.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, {
  jitless: true,
});
