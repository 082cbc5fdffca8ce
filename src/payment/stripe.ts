/**
 * The card processor adapter: Stripe Payment Element in setup mode.
 *
 * Imported only through `import()` (from the payment step and from prefetch.ts), so @stripe/stripe-js and this
 * code sit in their own chunk and nothing of Stripe loads before the customer is one step away from the card form.
 * `@stripe/stripe-js/pure` injects Stripe.js only when `loadStripe` is first called.
 */
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements, StripePaymentElement, Appearance } from '@stripe/stripe-js';

/** Defined by vite.config.ts; declared here (module scope) so this file does not depend on a global .d.ts. */
declare const __SERVICE_URL__: string;

/** What a failed confirmation tells the customer; `message` is Stripe's own localized sentence. */
export interface CardFormError {
  type: string;
  code?: string;
  declineCode?: string;
  message?: string;
}

export type ConfirmResult = { paymentMethodId: string } | { error: CardFormError };

export interface CardForm {
  /** Resolves when the Payment Element has rendered; rejects when it could not load. */
  readonly ready: Promise<void>;
  /** Confirms the SetupIntent (3-D Secure is handled by Stripe's own dialog); the form stays for another try. */
  confirm(): Promise<ConfirmResult>;
  /** Makes the fields read-only: a card the processor confirmed cannot be changed in place (another needs a new form). */
  lock(): void;
  /** Says the fields, their hints and errors in `locale` from now on (the same form, updated, not mounted again). */
  setLocale(locale: 'en' | 'es'): void;
  focus(): void;
  destroy(): void;
}

export interface CardFormOptions {
  publicKey: string;
  clientSecret: string;
  locale: 'en' | 'es';
  /** A light-DOM node (see mount.ts): Stripe cannot mount inside a shadow root. */
  mountNode: HTMLElement;
  /** The element whose --sf-* tokens theme the form, so the card fields match the flow. */
  themeFrom?: Element;
  /** The customer changed what the fields hold (the Payment Element's `change`); `empty`: they hold nothing. */
  onChange?: (empty: boolean) => void;
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(script);
  });
}

/**
 * Development and tests have no route to js.stripe.com, so the sandbox's Stripe.js emulator is installed as
 * `window.Stripe`, which `loadStripe` then uses instead of injecting Stripe's script: on the dev server and in a
 * sandbox build (`vite build --mode sandbox`, what the end-to-end tests run). Vite replaces both `import.meta.env`
 * tests with constants, so a production build folds the condition to `false` and drops the emulator URL entirely
 * (`npm test` checks); an already installed `window.Stripe` (a component test's fake) short-circuits before it is
 * evaluated.
 */
async function installDevEmulator(): Promise<void> {
  if ((window as { Stripe?: unknown }).Stripe) return;
  if (import.meta.env.DEV || import.meta.env.MODE === 'sandbox') {
    await loadScript(`${__SERVICE_URL__}/__sandbox/stripe.js`);
  }
}

const instances = new Map<string, Promise<Stripe>>();

/** One Stripe instance per publishable key for the page's life (Stripe recommends a single instance). */
export function getStripe(publicKey: string): Promise<Stripe> {
  let pending = instances.get(publicKey);
  if (!pending) {
    pending = installDevEmulator()
      .then(() => loadStripe(publicKey))
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js is not available');
        return stripe;
      });
    // A failed load (offline) must not poison later attempts.
    pending.catch(() => instances.delete(publicKey));
    instances.set(publicKey, pending);
  }
  return pending;
}

function token(style: CSSStyleDeclaration, name: string): string | undefined {
  const v = style.getPropertyValue(name).trim();
  return v || undefined;
}

/** Maps the flow's public theme tokens onto Stripe's appearance variables (the iframe cannot read our CSS). */
function appearanceFrom(el: Element | undefined): Appearance {
  if (!el) return { theme: 'stripe' };
  const s = getComputedStyle(el);
  const variables: NonNullable<Appearance['variables']> = {};
  const primary = token(s, '--sf-color-primary');
  const text = token(s, '--sf-color-text');
  const danger = token(s, '--sf-color-error');
  const radius = token(s, '--sf-radius');
  const font = token(s, '--sf-font-family');
  if (primary) variables.colorPrimary = primary;
  if (text) variables.colorText = text;
  if (danger) variables.colorDanger = danger;
  if (radius) variables.borderRadius = radius;
  if (font) variables.fontFamily = font;
  return { theme: 'stripe', variables };
}

function paymentMethodId(pm: string | { id: string } | null | undefined): string | null {
  if (!pm) return null;
  return typeof pm === 'string' ? pm : pm.id;
}

/** Creates and mounts the Payment Element for one SetupIntent. */
export async function openCardForm(options: CardFormOptions): Promise<CardForm> {
  const stripe = await getStripe(options.publicKey);
  const elements: StripeElements = stripe.elements({
    clientSecret: options.clientSecret,
    locale: options.locale,
    appearance: appearanceFrom(options.themeFrom),
  });
  const element: StripePaymentElement = elements.create('payment', {
    layout: 'tabs',
    // The customer is saving a card for auto-pay: no wallets that would charge immediately.
    wallets: { applePay: 'never', googlePay: 'never' },
  });
  const ready = new Promise<void>((resolve, reject) => {
    element.on('ready', () => resolve());
    element.on('loaderror', (event) => reject(new Error(event.error?.message ?? 'The card form could not load')));
  });
  // Keep the promise from reporting an unhandled rejection when nobody awaits it (destroyed early).
  ready.catch(() => undefined);
  element.on('change', (event) => options.onChange?.(event.empty));
  element.mount(options.mountNode);

  return {
    ready,
    async confirm(): Promise<ConfirmResult> {
      const result = await stripe.confirmSetup({ elements, redirect: 'if_required' });
      const e = result.error;
      let intent = result.setupIntent;
      // The card may be set up although the answer says otherwise: the answer was lost (a connection error), or an
      // earlier try whose answer was lost set it up (a second confirmation of it is refused): ask where it stands.
      if (e && (e.type === 'api_connection_error' || e.code === 'setup_intent_unexpected_state')) {
        intent = (await stripe.retrieveSetupIntent(options.clientSecret).catch(() => undefined))?.setupIntent;
      }
      const id = paymentMethodId(intent?.payment_method as string | { id: string } | null | undefined);
      if (intent?.status === 'succeeded' && id) return { paymentMethodId: id };
      if (e) return { error: { type: e.type, code: e.code, declineCode: e.decline_code, message: e.message } };
      return { error: { type: 'incomplete', code: intent?.status } };
    },
    lock() {
      element.update({ readOnly: true });
    },
    setLocale(locale) {
      elements.update({ locale });
    },
    focus() {
      element.focus();
    },
    destroy() {
      element.destroy();
    },
  };
}

/**
 * Warms Stripe.js up ahead of the card step (the chunk is already loaded when this runs); the promise is cached,
 * so the card step reuses it.
 */
export function warmUp(publicKey: string): Promise<unknown> {
  return getStripe(publicKey).catch(() => undefined);
}
