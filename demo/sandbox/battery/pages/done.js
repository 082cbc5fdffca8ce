/**
 * Runs on the emulated maker's result page when it was opened as a popup: tells the flow that opened it that the
 * customer answered, then closes the popup. The message carries no secret (the flow reads the outcome from the
 * service), and goes only to the flow's and the App's origins (the server lists them; postMessage drops it on any
 * other origin), never to '*'. Opened without an opener, the page simply says the window can be closed.
 */
const script = document.currentScript;
const { authorization, status, origins } = script ? script.dataset : {};
const opener = window.opener;
if (opener && !opener.closed && authorization && status) {
  for (const origin of (origins || '').split(' ').filter(Boolean)) {
    opener.postMessage({ type: 'service-flow-battery-authorization', authorization, status }, origin);
  }
  window.close();
}
