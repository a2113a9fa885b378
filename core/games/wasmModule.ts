// The little of the WebAssembly API the solvers need, typed here: `core` compiles without the
// DOM's or Node's globals, and both have this same synchronous API.
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: Record<string, Record<string, () => number>>,
  ) => { exports: unknown };
}
const host = globalThis as unknown as {
  WebAssembly?: WebAssemblyApi;
  atob(text: string): string;
};

/** One of our WebAssembly modules, compiled on first use. */
export interface WasmModule<Exports> {
  /** Whether this runtime can run it (compiles it on the first call). */
  available(): boolean;
  /** A new instance with its own memory; throws where `available()` is false. */
  instantiate(imports: Record<string, Record<string, () => number>>): Exports;
}

/**
 * A module carried as base64 in a generated TypeScript file (`npm run build:wasm`), compiled
 * synchronously once per process or worker. It is unavailable where WebAssembly is missing (iOS
 * Lockdown Mode), where a content policy refuses to compile it (no 'wasm-unsafe-eval'), and on a
 * browser's main thread for modules over 4 KB, which only compiles those asynchronously.
 */
export function wasmModule<Exports>(base64: string): WasmModule<Exports> {
  let compiled: object | null | undefined;
  const compile = (): object | null => {
    if (compiled === undefined) {
      try {
        const bytes = Uint8Array.from(host.atob(base64), (char) => char.charCodeAt(0));
        compiled = host.WebAssembly ? new host.WebAssembly.Module(bytes) : null;
      } catch {
        // a CompileError from the page's policy, or a RangeError on a main thread
        compiled = null;
      }
    }
    return compiled;
  };
  return {
    available: () => compile() !== null,
    instantiate(imports) {
      const module = compile();
      if (!host.WebAssembly || !module) throw new Error('WebAssembly is not available here.');
      return new host.WebAssembly.Instance(module, imports).exports as Exports;
    },
  };
}
