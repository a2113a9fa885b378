/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Reown Cloud project id; optional (see src/config/env.ts). */
  readonly VITE_REOWN_PROJECT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
