/**
 * Minifies the static text of Lit's tagged templates for the production build (the bundler's minifier leaves
 * template literal text alone). Pure string functions with no imports, so they run in Node (the Vite plugin,
 * scripts/template-minify-plugin.ts) and in the browser (their tests).
 *
 * Both take a template's raw parts (the text between `${…}` expressions) and return as many parts: an expression
 * stays where it was, and text is only ever shortened where the browser would read it the same way.
 *
 * - `css`: comments go; whitespace runs become one space, and none is kept next to `{ } ; , >` or after `:` (never
 *   before `:`, which would turn `.a :hover` into `.a:hover`, and never around `+ - * /`, which `calc()` needs);
 *   `;}` becomes `}`; quoted strings are kept as they are.
 * - `html` / `svg`: indentation goes: a whitespace run containing a line break becomes one space (a space between
 *   inline content still separates it; block layout ignores it, as it ignored the indentation); inside a tag every
 *   whitespace run becomes one space; an attribute value of plain characters (`[\w.:-]+`) loses its quotes when a
 *   space or `>` follows; other attribute values, comments and the content of `<pre>`, `<textarea>`, `<script>` and
 *   `<style>` are kept as they are. No whitespace is removed outright, so no word can join another.
 *
 * A backslash and the character after it are always copied together, so escapes in the raw text stay escapes.
 */

/** Stands for an expression while the parts are processed as one text; a private-use character no source uses. */
const HOLE = '\uE000';

const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';

function joinParts(parts: readonly string[]): string {
  if (parts.some((p) => p.includes(HOLE))) throw new Error('template-minify: a template contains U+E000');
  return parts.join(HOLE);
}

function splitParts(text: string, count: number): string[] {
  const parts = text.split(HOLE);
  if (parts.length !== count) throw new Error('template-minify: lost an expression');
  return parts;
}

/** Copies a quoted string starting at `i` (the quote) verbatim; returns the index after it. */
function copyQuoted(s: string, i: number, out: string[]): number {
  const quote = s[i]!;
  let j = i + 1;
  while (j < s.length && s[j] !== quote) j += s[j] === '\\' ? 2 : 1;
  out.push(s.slice(i, j + 1));
  return j + 1;
}

const NO_SPACE_AFTER = new Set(['{', '}', ';', ':', ',', '>']);
const NO_SPACE_BEFORE = new Set(['{', '}', ';', ',', '>']);

export function minifyCss(parts: readonly string[]): string[] {
  const s = joinParts(parts);
  const out: string[] = [];
  let last = ''; // the last character written
  let space = false; // whitespace (or a comment) was skipped since `last`
  const write = (text: string) => {
    if (space && last && !NO_SPACE_AFTER.has(last) && !NO_SPACE_BEFORE.has(text[0]!)) out.push(' ');
    space = false;
    out.push(text);
    last = text[text.length - 1]!;
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 2;
      space = true;
    } else if (isSpace(c)) {
      space = true;
      i += 1;
    } else if (c === '"' || c === "'") {
      const chunk: string[] = [];
      i = copyQuoted(s, i, chunk);
      write(chunk.join(''));
    } else if (c === '\\') {
      write(s.slice(i, i + 2));
      i += 2;
    } else {
      if (c === '}' && out[out.length - 1] === ';') {
        out.pop();
        last = out.length ? out[out.length - 1]!.slice(-1) : '';
        space = false;
      }
      write(c);
      i += 1;
    }
  }
  return splitParts(out.join(''), parts.length);
}

/** Elements whose content is kept exactly (whitespace matters, or it is not HTML). */
const RAW_TEXT = new Set(['pre', 'textarea', 'script', 'style']);

export function minifyHtml(parts: readonly string[]): string[] {
  const s = joinParts(parts);
  const out: string[] = [];
  let i = 0;
  /** Inside `<name …` until its `>`: the tag's name, and whether it closes an element. */
  let tag: { name: string; closing: boolean } | null = null;
  while (i < s.length) {
    const c = s[i]!;
    if (isSpace(c)) {
      let j = i;
      while (j < s.length && isSpace(s[j])) j += 1;
      const run = s.slice(i, j);
      out.push(tag || /[\n\r\f]/.test(run) ? ' ' : run);
      i = j;
    } else if (c === '\\') {
      out.push(s.slice(i, i + 2));
      i += 2;
    } else if (tag) {
      if (c === '"' || c === "'") {
        const quoted: string[] = [];
        const after = copyQuoted(s, i, quoted);
        const value = quoted[0]!.slice(1, -1);
        // `type="button"` → `type=button`: an attribute value of plain characters needs no quotes when a space or the
        // tag's end follows (not `/`, which would become part of the value).
        const plain = out[out.length - 1] === '=' && /^[\w.:-]+$/.test(value) && (isSpace(s[after]) || s[after] === '>');
        out.push(plain ? value : quoted[0]!);
        i = after;
        continue;
      }
      out.push(c);
      i += 1;
      if (c !== '>') continue;
      const { name, closing } = tag;
      tag = null;
      if (closing || !RAW_TEXT.has(name)) continue;
      // Copy the element's content as it is, up to its closing tag (handled as a tag again).
      const end = s.toLowerCase().indexOf(`</${name}`, i);
      const stop = end < 0 ? s.length : end;
      out.push(s.slice(i, stop));
      i = stop;
    } else if (c === '<' && s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      const stop = end < 0 ? s.length : end + 3;
      out.push(s.slice(i, stop));
      i = stop;
    } else {
      const open = c === '<' ? /^<(\/?)([a-zA-Z][\w:-]*)/.exec(s.slice(i, i + 64)) : null;
      if (open) {
        tag = { name: open[2]!.toLowerCase(), closing: open[1] === '/' };
        out.push(open[0]);
        i += open[0].length;
      } else {
        out.push(c);
        i += 1;
      }
    }
  }
  return splitParts(out.join(''), parts.length);
}
