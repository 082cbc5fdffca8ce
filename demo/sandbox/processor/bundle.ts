/**
 * Builds /__sandbox/stripe.js from the ES modules in ./emulator/ without a bundler: the files are concatenated in
 * dependency order inside one function scope, with their relative `import` lines removed and `export` keywords
 * dropped. Source files stay small, lint-clean modules; the browser gets one classic script, which is what
 * Stripe.js is and what `document.currentScript` (used to find the sandbox origin) requires.
 */
import { readFileSync } from 'node:fs';

/** Dependency order: each file only uses names from files before it. */
export const EMULATOR_FILES = [
  'card-rules.js',
  'base.js',
  'i18n.js',
  'styles.js',
  'card-fields.js',
  'three-ds.js',
  'payment-element.js',
  'elements.js',
  'stripe.js',
] as const;

const RELATIVE_IMPORT = /^import\s[^;]*?from\s+'\.\/[\w-]+\.js';[ \t]*$/gm;
const EXPORT_KEYWORD = /^export (?=(?:async\s+)?(?:const|let|function|class)\s)/gm;
const GLOBAL_COMMENT = /^\/\* global [^*]*\*\/[ \t]*$/gm;

export function bundleEmulator(read: (file: string) => string = readEmulatorFile): string {
  const parts = EMULATOR_FILES.map((file) => {
    const source = read(file).replace(RELATIVE_IMPORT, '').replace(EXPORT_KEYWORD, '').replace(GLOBAL_COMMENT, '');
    const leftover = /^\s*(import|export)\s/m.exec(source);
    if (leftover) throw new Error(`emulator/${file}: cannot inline "${leftover[0].trim()}…"; use single-line relative imports and plain exports`);
    return `// ---- ${file} ----\n${source.trim()}\n`;
  });
  return [
    '/* Stripe.js emulator of the service-flow sandbox. Test use only: it talks to the sandbox that served it. */',
    '(function () {',
    "'use strict';",
    ...parts,
    '})();',
    '',
  ].join('\n');
}

function readEmulatorFile(file: string): string {
  return readFileSync(new URL(`./emulator/${file}`, import.meta.url), 'utf8');
}
