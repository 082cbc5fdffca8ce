/**
 * The events of the card on file (sf-current-card) to the card step: keep it, or replace it. They bubble within the
 * step's shadow root only (not composed).
 */

export class CardUseEvent extends Event {
  constructor() {
    super('sf-card-use', { bubbles: true });
  }
}

export class CardReplaceEvent extends Event {
  constructor() {
    super('sf-card-replace', { bubbles: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'sf-card-use': CardUseEvent;
    'sf-card-replace': CardReplaceEvent;
  }
}
