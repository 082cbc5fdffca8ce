/**
 * Vite plugin (build only): minifies the text of Lit's `css`, `html` and `svg` tagged templates in the flow's own
 * modules (see template-minify.ts for what changes and what never does). It runs after TypeScript is stripped and
 * finds the templates with the bundler's parser, so strings, comments and regular expressions that merely look like
 * templates are never touched.
 */
import type { Plugin } from 'vite';
import { minifyCss, minifyHtml } from './template-minify.js';

interface TemplateElement {
  start: number;
  end: number;
  value: { raw: string };
}

interface Node {
  type: string;
  [key: string]: unknown;
}

const MINIFIERS: Record<string, (parts: readonly string[]) => string[]> = { css: minifyCss, html: minifyHtml, svg: minifyHtml };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const value = node[key];
    if (Array.isArray(value)) for (const child of value) if (isNode(child)) walk(child, visit);
    if (isNode(value)) walk(value, visit);
  }
}

export function litTemplateMinify(options: { include?: RegExp } = {}): Plugin {
  const include = options.include ?? /\/src\/.*\.ts$/;
  return {
    name: 'sf:lit-template-minify',
    apply: 'build',
    transform(code, id) {
      if (!include.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      const edits: Array<{ start: number; end: number; text: string }> = [];
      walk(this.parse(code) as unknown as Node, (node) => {
        if (node.type !== 'TaggedTemplateExpression') return;
        const tag = node.tag as Node;
        const minify = tag.type === 'Identifier' ? MINIFIERS[tag.name as string] : undefined;
        if (!minify) return;
        const quasis = (node.quasi as { quasis: TemplateElement[] }).quasis;
        // Positions must point at the raw text exactly, or the template is left alone.
        if (quasis.some((q) => code.slice(q.start, q.end) !== q.value.raw)) {
          this.warn(`template-minify: unexpected template positions in ${id}; left as is`);
          return;
        }
        const minified = minify(quasis.map((q) => q.value.raw));
        quasis.forEach((q, i) => edits.push({ start: q.start, end: q.end, text: minified[i]! }));
      });
      if (!edits.length) return null;
      edits.sort((a, b) => b.start - a.start);
      let out = code;
      for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
      return { code: out, map: null };
    },
  };
}
