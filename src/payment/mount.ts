/**
 * A light-DOM mount node for Stripe Elements, shown inside a component that lives in shadow roots.
 *
 * Stripe refuses to mount inside a ShadowRoot ("Elements cannot be mounted in a ShadowRoot"), and the flow is
 * shadow roots all the way down (document → <sf-flow> → <sf-step-payment>). So the node is created where Stripe
 * accepts it, as a light-DOM child of the outermost shadow host that sits in the document, and it is carried back
 * down to where the component wants it by a chain of named slots, one per shadow level:
 *
 * ```
 * <sf-flow>                                        ← in the document
 *   <div slot="payment-element">…Stripe…</div>     ← the mount node (document light DOM: Stripe is happy)
 *   #shadow-root
 *     <sf-step-payment>
 *       <slot name="payment-element" slot="payment-element"></slot>   ← forwarding slot (added here if missing)
 *       #shadow-root
 *         … <slot name="payment-element"></slot> …                    ← where the card form appears
 * ```
 *
 * Each intermediate host gets a forwarding `<slot name=… slot=…>` as a light child, appended here unless the
 * host's own template already renders one, so the root element needs no cooperation: Lit leaves children it did
 * not render alone. The chain works for any depth (a partner wrapping <sf-flow> in its own component included).
 * `release()` removes everything that was added.
 */

export interface LightMount {
  /** The node to hand to `element.mount()`; it is in the document's light DOM. */
  readonly node: HTMLDivElement;
  /** Removes the node and the forwarding slots added for it. */
  release(): void;
}

/**
 * @param host The element whose shadow root renders `<slot name="${slotName}">` where the content should appear.
 * @param slotName The slot name used at every level.
 */
export function createLightMount(host: HTMLElement, slotName: string): LightMount {
  const added: Element[] = [];
  let level: Element = host;
  let root = level.getRootNode();
  while (root instanceof ShadowRoot) {
    // `level` is inside the shadow tree of root.host: give it a slot that forwards root.host's slotted children.
    const existing = [...level.children].find(
      (c) => c instanceof HTMLSlotElement && c.name === slotName && c.slot === slotName,
    );
    if (!existing) {
      const forward = document.createElement('slot');
      forward.name = slotName;
      forward.slot = slotName;
      level.append(forward);
      added.push(forward);
    }
    level = root.host;
    root = level.getRootNode();
  }
  const node = document.createElement('div');
  node.slot = slotName;
  // The node lives outside the component's styles: size it here so the slotted form fills its column.
  node.style.display = 'block';
  node.style.width = '100%';
  level.append(node);
  added.push(node);
  return {
    node,
    release() {
      for (const el of added.reverse()) el.remove();
      added.length = 0;
    },
  };
}
