import { expect } from '@open-wc/testing';
import { button, settle, text, until } from './harness.js';
/**
 * What assistive technology meets, for the steps' accessibility tests: live regions (status messages, WCAG 4.1.3, as
 * e2e/support/announce.ts checks them), the focused element and the language of a text (3.1.2), through shadow roots.
 */

/** The element focus is on, through shadow roots. */
export function deepFocus(): Element | null {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/** The nearest `lang` of `node`, through shadow roots (the document's when none). */
export function langOf(node: Node): string {
  let at: Element | null = node instanceof Element ? node : node.parentElement;
  while (at) {
    if (at.hasAttribute('lang')) return at.getAttribute('lang')!;
    at = at.parentElement ?? ((at.getRootNode() as ShadowRoot).host ?? null);
  }
  return document.documentElement.lang;
}

/** The text node holding `wanted` in `root` (shadow roots included). */
export function textNode(root: Element | ShadowRoot, wanted: string): Text | null {
  const walk = (node: Node): Text | null => {
    if (node.nodeType === Node.TEXT_NODE && node.textContent?.includes(wanted)) return node as Text;
    if (node instanceof Element && node.shadowRoot) {
      const found = walk(node.shadowRoot);
      if (found) return found;
    }
    for (const child of Array.from(node.childNodes)) {
      const found = walk(child);
      if (found) return found;
    }
    return null;
  };
  return walk(root);
}

export const isLive = (el: Element) =>
  el.getAttribute('role') === 'alert' || el.getAttribute('role') === 'status' || (el.hasAttribute('aria-live') && el.getAttribute('aria-live') !== 'off');

/** The live regions of `root` a screen reader knows of now: in the DOM and rendered (not display: none). */
export function renderedLiveRegions(root: ShadowRoot): Set<Element> {
  return new Set([...root.querySelectorAll('*')].filter((el) => isLive(el) && el.checkVisibility()));
}

/** The live region that holds `el`, or `el` itself. */
export function liveRegionOf(el: Element): Element | null {
  let at: Element | null = el;
  while (at) {
    if (isLive(at)) return at;
    at = at.parentElement;
  }
  return null;
}

/**
 * What the step says of a failure now: its alerts, and a refusal focus was moved to (it stops being an alert then, so
 * that it is said once, later-step.ts).
 */
export function saidNow(root: ShadowRoot): Element[] {
  const focused = root.activeElement?.closest('.refusal');
  return [...root.querySelectorAll('[role="alert"]'), ...(focused && !isLive(focused) ? [focused] : [])];
}

/**
 * A failure's "Try again" on `el` (its first load failed: `recover` lets the next answer through), and `wanted` said
 * while it loads: in a status region already on the page, never one inserted with its sentence (4.1.3: such a
 * region is not reliably read).
 */
export async function expectRetrySaidInKeptRegion(el: HTMLElement, recover: () => void, wanted: string): Promise<void> {
  await until(() => text(el).includes('Try again'));
  await settle(el);
  const before = renderedLiveRegions(el.shadowRoot!);
  recover();
  button(el, 'Try again').click();
  await until(() => text(el).includes(wanted));
  const region = liveRegionOf(textNode(el.shadowRoot!, wanted)!.parentElement!);
  expect(region !== null && before.has(region), `"${wanted}" came in a status region inserted with it`).to.equal(true);
}
