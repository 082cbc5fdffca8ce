/**
 * A scripted stand-in for Stripe.js, installed as `window.Stripe` before the adapter's first `loadStripe` (which
 * then uses it instead of injecting Stripe's script, exactly as with the sandbox emulator). Like real Stripe, its
 * Payment Element refuses to mount inside a shadow root.
 */
export interface FakeConfirmResult {
  error?: { type: string; code?: string; decline_code?: string; message?: string };
  setupIntent?: { status: string; payment_method: string };
}

export interface FakeStripeState {
  /** Answers of confirmSetup, in order; the last one repeats. */
  confirmResults: FakeConfirmResult[];
  confirmCalls: number;
  keys: string[];
  elementsOptions: unknown[];
  /** The options of each elements.update() call (a language switch). */
  elementsUpdates: unknown[];
  mountedInto: HTMLElement[];
  destroyed: number;
  /** What retrieveSetupIntent answers (where the intent stands, asked after a lost or refused confirmation). */
  retrieveResult: FakeConfirmResult;
  /** Whether the element was made read-only (element.update({ readOnly })). */
  readOnly: boolean;
}

export const fakeStripe: FakeStripeState = {
  confirmResults: [],
  confirmCalls: 0,
  keys: [],
  elementsOptions: [],
  elementsUpdates: [],
  mountedInto: [],
  destroyed: 0,
  retrieveResult: { setupIntent: { status: 'requires_payment_method', payment_method: '' } },
  readOnly: false,
};

export function resetFakeStripe(results: FakeConfirmResult[] = []): void {
  fakeStripe.confirmResults = results;
  fakeStripe.confirmCalls = 0;
  fakeStripe.keys = [];
  fakeStripe.elementsOptions = [];
  fakeStripe.elementsUpdates = [];
  fakeStripe.mountedInto = [];
  fakeStripe.destroyed = 0;
  fakeStripe.retrieveResult = { setupIntent: { status: 'requires_payment_method', payment_method: '' } };
  fakeStripe.readOnly = false;
}

function createElement() {
  const listeners = new Map<string, Array<(e: unknown) => void>>();
  let node: HTMLElement | undefined;
  return {
    on(event: string, cb: (e: unknown) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), cb]);
      return this;
    },
    mount(target: HTMLElement) {
      if (target.getRootNode() instanceof ShadowRoot) throw new Error('Elements cannot be mounted in a ShadowRoot.');
      node = document.createElement('div');
      node.className = 'fake-payment-element';
      node.innerHTML = '<label>Card number <input name="cardnumber"></label>';
      target.append(node);
      fakeStripe.mountedInto.push(target);
      setTimeout(() => listeners.get('ready')?.forEach((cb) => cb({ elementType: 'payment' })), 0);
    },
    focus() {
      node?.querySelector('input')?.focus();
    },
    update(opts: { readOnly?: boolean }) {
      fakeStripe.readOnly = Boolean(opts.readOnly);
      const input = node?.querySelector('input');
      if (input) input.readOnly = fakeStripe.readOnly;
    },
    destroy() {
      node?.remove();
      fakeStripe.destroyed += 1;
    },
  };
}

function FakeStripe(key: string) {
  fakeStripe.keys.push(key);
  return {
    elements(options: unknown) {
      fakeStripe.elementsOptions.push(options);
      return {
        create: () => createElement(),
        update(opts: unknown) {
          fakeStripe.elementsUpdates.push(opts);
        },
      };
    },
    async confirmSetup() {
      const results = fakeStripe.confirmResults;
      const result = results[Math.min(fakeStripe.confirmCalls, results.length - 1)] ?? {
        setupIntent: { status: 'succeeded', payment_method: 'pm_default' },
      };
      fakeStripe.confirmCalls += 1;
      return result;
    },
    async retrieveSetupIntent() {
      return fakeStripe.retrieveResult;
    },
  };
}
FakeStripe.version = 'endive';

export function installFakeStripe(): void {
  (window as unknown as { Stripe: unknown }).Stripe = FakeStripe;
}
