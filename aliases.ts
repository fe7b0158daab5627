import { fileURLToPath } from 'node:url';

/**
 * The import aliases (`#shared/...`, `#server/...`, `#client/...`) for Vite and Vitest, the same
 * three as tsconfig.json's `paths`, which TypeScript, esbuild, tsx and Playwright read.
 */
export const aliases = ['shared', 'server', 'client'].map((side) => ({
  find: new RegExp(`^#${side}/`),
  replacement: fileURLToPath(new URL(`./src/${side}/`, import.meta.url)),
}));
