/**
 * What the build-only source plugins (template-minify-plugin.ts, short-msg-ids.ts, private-names.ts) share: a walk
 * over the bundler's ESTree (`this.parse(code)` in a Vite/Rolldown plugin) and text edits applied by position, so
 * that each plugin only decides *what* to change and never touches a string, comment or regular expression that
 * merely looks like its target.
 */

export interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export interface Edit {
  start: number;
  end: number;
  text: string;
}

export function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** Depth-first, parents before children. */
export function walk(node: AstNode, visit: (node: AstNode) => void): void {
  visit(node);
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const value = node[key];
    if (Array.isArray(value)) for (const child of value) if (isNode(child)) walk(child, visit);
    if (isNode(value)) walk(value, visit);
  }
}

/** `code` with the (non-overlapping) edits applied; null when there are none, as a Vite transform returns. */
export function applyEdits(code: string, edits: Edit[]): { code: string; map: null } | null {
  if (!edits.length) return null;
  let out = code;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { code: out, map: null };
}
