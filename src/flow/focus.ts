/**
 * Moving focus to a new view's heading, so keyboard and screen reader users start at the top of what changed. The
 * heading is `#step-heading` (tabindex -1) inside the view's shadow root; a step may render it a frame or two late
 * (after its own first update), so this waits briefly for it.
 */

export interface Updatable extends HTMLElement {
  updateComplete?: Promise<unknown>;
}

const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 16));

export function findHeading(view: HTMLElement): HTMLElement | null {
  return view.shadowRoot?.querySelector<HTMLElement>('#step-heading') ?? view.querySelector<HTMLElement>('#step-heading');
}

/**
 * Focuses the view's heading and returns it, or null when the view never rendered one (within ~0.5 s).
 * `preventScroll`: the caller already put the view where it belongs (a new screen starts at the top), so a focus that
 * comes a few frames later does not move the page under the person (or under a click already on its way).
 */
export async function focusHeading(view: Updatable, preventScroll = false, attempts = 30): Promise<HTMLElement | null> {
  for (let i = 0; i < attempts; i += 1) {
    await view.updateComplete;
    if (!view.isConnected) return null;
    const heading = findHeading(view);
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll });
      return heading;
    }
    await nextFrame();
  }
  return null;
}
