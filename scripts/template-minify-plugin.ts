/**
 * Vite plugin (build only): minifies the text of Lit's `css`, `html` and `svg` tagged templates in the flow's own
 * modules (see template-minify.ts for what changes and what never does). It runs after TypeScript is stripped and
 * finds the templates with the bundler's parser, so strings, comments and regular expressions that merely look like
 * templates are never touched.
 */
import type { Plugin } from 'vite';
import { applyEdits, walk, type AstNode as Node, type Edit } from './ast-edits.js';
import { minifyCss, minifyHtml } from './template-minify.js';

interface TemplateElement {
  start: number;
  end: number;
  value: { raw: string };
}

const MINIFIERS: Record<string, (parts: readonly string[]) => string[]> = { css: minifyCss, html: minifyHtml, svg: minifyHtml };

export function litTemplateMinify(options: { include?: RegExp } = {}): Plugin {
  const include = options.include ?? /\/src\/.*\.ts$/;
  return {
    name: 'sf:lit-template-minify',
    apply: 'build',
    transform(code, id) {
      if (!include.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      const edits: Edit[] = [];
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
      return applyEdits(code, edits);
    },
  };
}
