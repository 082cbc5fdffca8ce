/**
 * Runs on the 3-D Secure result page: tells the page that opened the challenge (the Stripe.js emulator's dialog,
 * or a popup opener) that it is answered, so the dialog closes at once instead of at its next poll.
 * The message carries no secret, and goes only to the origin the emulator declared (checked by the server).
 */
const script = document.currentScript;
const { setupIntent, outcome, parentOrigin } = script ? script.dataset : {};
const target = window.parent !== window ? window.parent : window.opener;
if (target && parentOrigin) {
  target.postMessage({ type: 'sandbox-processor-3ds', setup_intent: setupIntent, outcome }, parentOrigin);
}
