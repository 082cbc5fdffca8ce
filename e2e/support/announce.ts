/**
 * Status messages (WCAG 4.1.3) as technique ARIA22 checks them: the message must arrive in a live region that was
 * already on the page (rendered, and without the message) before the message appeared, since screen readers do not
 * reliably read a `role="status"` region inserted together with its text. A `role="alert"` inserted with its text
 * is accepted (screen readers announce those).
 */
import { expect } from '@playwright/test';
import type { FlowScope } from './flow-steps.js';

export interface Announcement {
  /** The live region the text arrived in was rendered in an earlier look, without the text. */
  preexisting: boolean;
  role: string;
  where: string;
}

/**
 * Starts watching the flow's document (shadow roots included) for `text` to appear inside a live region, looking
 * every 20 ms; the first region found holding it is recorded with whether it had been seen, rendered and without the
 * text, in an earlier look.
 */
export async function watchAnnouncement(scope: FlowScope, text: string): Promise<void> {
  await scope.locator(':root').evaluate((_root, wanted) => {
    const w = window as unknown as { __announce?: Record<string, { result: unknown }> };
    const state: { result: unknown } = { result: null };
    (w.__announce ??= {})[wanted] = state;
    const seen = new Set<Element>();
    const isRegion = (el: Element) => {
      const role = el.getAttribute('role');
      const live = el.getAttribute('aria-live');
      return role === 'status' || role === 'alert' || role === 'log' || (live !== null && live !== 'off');
    };
    const deepText = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      let out = '';
      if (node instanceof Element && node.shadowRoot) out += deepText(node.shadowRoot);
      for (const child of Array.from(node.childNodes)) out += deepText(child);
      return out;
    };
    const regions = (): Element[] => {
      const found: Element[] = [];
      const walk = (root: Document | ShadowRoot) => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (isRegion(el) && el.checkVisibility()) found.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      walk(document);
      return found;
    };
    const look = () => {
      const now = regions();
      for (const region of now) {
        if (deepText(region).includes(wanted)) {
          state.result = {
            preexisting: seen.has(region),
            role: region.getAttribute('role') ?? `aria-live=${region.getAttribute('aria-live')}`,
            where: `<${region.localName}${region.className ? `.${String(region.className).split(' ').join('.')}` : ''}> in <${(region.getRootNode() as ShadowRoot).host?.localName ?? 'document'}>`,
          };
          return;
        }
      }
      for (const region of now) seen.add(region);
      setTimeout(look, 20);
    };
    look();
  }, text);
}

async function announcement(scope: FlowScope, text: string): Promise<Announcement | null> {
  return scope.locator(':root').evaluate((_root, wanted) => {
    const w = window as unknown as { __announce?: Record<string, { result: Announcement | null }> };
    return w.__announce?.[wanted]?.result ?? null;
  }, text);
}

/** `text` reached assistive technology: it arrived in a live region already there, or in an alert. */
export async function expectAnnounced(scope: FlowScope, text: string, what: string): Promise<void> {
  await expect.poll(() => announcement(scope, text), { message: `${what}: the text never reached a live region`, timeout: 10_000 }).not.toBeNull();
  const found = (await announcement(scope, text))!;
  expect(
    found.preexisting || found.role === 'alert',
    `${what} must arrive in a live region already on the page, but it came in a new ${found.role} region inserted together with its text (${found.where}), which screen readers do not read`,
  ).toBe(true);
}

