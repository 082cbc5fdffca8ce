/**
 * Prefetching the card processor a step early, from code that must stay tiny (the root): this module only holds
 * a dynamic import, so calling it pulls the adapter chunk (and, given the key, Stripe.js itself) in the background
 * while the customer is still on an earlier step.
 */
let adapter: Promise<typeof import('./stripe.js')> | undefined;

/** The adapter chunk, loaded once. */
export function loadStripeAdapter(): Promise<typeof import('./stripe.js')> {
  adapter ??= import('./stripe.js');
  // A failed fetch (offline for a moment) may be retried by the next call.
  adapter.catch(() => {
    adapter = undefined;
  });
  return adapter;
}

/**
 * Call when the card step is next (e.g. on the credit step). Never rejects: a failed prefetch only means the card
 * step loads it itself.
 * @param publicKey `account.app.stripe_public_key`; when given, Stripe.js is loaded and initialised as well.
 */
export function prefetchStripe(publicKey?: string): Promise<void> {
  return loadStripeAdapter()
    .then((m) => (publicKey ? m.warmUp(publicKey) : undefined))
    .then(
      () => undefined,
      () => undefined,
    );
}
