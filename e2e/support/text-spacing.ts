import type { FlowScope } from './flow-steps.js';

/**
 * Applies the text spacing WCAG 1.4.12 says a customer may set (line height 1.5, letter spacing 0.12em, word spacing
 * 0.16em, paragraph spacing 2em) to the flow's document and every shadow root, then lists what ends past the screen's
 * right edge (nothing may: 1.4.10 reflow).
 */
export async function overflowWithTextSpacing(scope: FlowScope): Promise<{ width: number; out: string[] }> {
  return scope.locator(':root').evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }');
    const apply = (root: Document | ShadowRoot) => {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      for (const el of Array.from(root.querySelectorAll('*'))) if (el.shadowRoot) apply(el.shadowRoot);
    };
    apply(document);
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width > 1 && r.right > width + 1 && el.checkVisibility()) {
          out.push(`<${el.localName}> "${(el.textContent ?? '').trim().slice(0, 30)}" in <${(el.getRootNode() as ShadowRoot).host?.localName ?? 'document'}> ends at ${Math.round(r.right)} px`);
        }
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return { width, out: out.slice(0, 4) };
  });
}
