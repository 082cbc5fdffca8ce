/**
 * The events inside the address step: its views (choice, confirmation, type-ahead, ESI ID search) tell the step what
 * the customer did; the step alone talks to the root. They bubble within the step's shadow root and stop there (not
 * composed): the root never hears them.
 */
import type { AddressSearchResult } from '../../api/types.js';

/** A result was chosen (from the choice of meters, the type-ahead, or an ESI ID search). */
export class AddressPickEvent extends Event {
  constructor(readonly address: AddressSearchResult) {
    super('sf-address-pick', { bubbles: true });
  }
}

/**
 * The customer wants to search again (the confirmation's or the choice's "Change address"), or, with `results` (the
 * confirmation of a meter chosen among several: "Choose another meter"), to choose again among them.
 */
export class AddressChangeEvent extends Event {
  constructor(readonly results?: AddressSearchResult[]) {
    super('sf-address-change', { bubbles: true });
  }
}

/** The customer confirmed the address on screen. */
export class AddressConfirmEvent extends Event {
  constructor() {
    super('sf-address-confirm', { bubbles: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'sf-address-pick': AddressPickEvent;
    'sf-address-change': AddressChangeEvent;
    'sf-address-confirm': AddressConfirmEvent;
  }
}
