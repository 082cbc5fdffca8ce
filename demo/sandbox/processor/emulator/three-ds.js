/* global setInterval, clearInterval */
import { DIALOG_CSS } from './styles.js';
import { SANDBOX_ORIGIN, adoptStyles, deepActiveElement, h, uid } from './base.js';
import { t } from './i18n.js';

/**
 * The 3-D Secure challenge, shown like Stripe.js shows it: a modal over the page with the bank's page in an iframe
 * (here the processor's challenge page). The dialog has an accessible name, keeps focus inside (the rest of the page
 * is made inert, and sentinels wrap Tab around the iframe), and gives focus back where it was when it closes.
 *
 * Resolves once the challenge is settled: the challenge page posts a message when answered, and the setup intent is
 * also polled so a missed message (or a page without script) cannot leave the dialog open forever.
 */
export function runChallenge({ url, locale, isSettled, cancel }) {
  adoptStyles('sf3ds', DIALOG_CSS);
  return new Promise((resolve) => {
    const returnFocusTo = deepActiveElement();
    const titleId = uid('sf3ds-title');
    const hintId = uid('sf3ds-hint');
    const frameUrl = new URL(url);
    frameUrl.searchParams.set('locale', locale);
    frameUrl.searchParams.set('parent_origin', window.location.origin);

    const title = h('h2', { class: 'sf3ds-title', id: titleId, tabindex: '-1' }, [t(locale, 'dialogTitle')]);
    const hint = h('p', { class: 'sf3ds-hint', id: hintId }, [t(locale, 'dialogHint')]);
    const frame = h('iframe', { class: 'sf3ds-frame', title: t(locale, 'frameTitle'), src: frameUrl.href });
    const cancelButton = h('button', { type: 'button', class: 'sf3ds-cancel' }, [t(locale, 'cancel')]);
    const startSentinel = h('div', { class: 'sf3ds-sentinel', tabindex: '0' });
    const endSentinel = h('div', { class: 'sf3ds-sentinel', tabindex: '0' });
    const dialog = h(
      'div',
      { class: 'sf3ds-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, 'aria-describedby': hintId },
      [title, hint, frame, cancelButton],
    );
    const overlay = h('div', { class: 'sf3ds-overlay', lang: locale }, [startSentinel, dialog, endSentinel]);

    // Inert everything else, so neither Tab nor a screen reader's virtual cursor can leave the dialog.
    const madeInert = [...document.body.children].filter((node) => !node.inert);
    for (const node of madeInert) node.inert = true;

    let done = false;
    let polling = false;
    const finish = () => {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      for (const node of madeInert) node.inert = false;
      overlay.remove();
      if (returnFocusTo && returnFocusTo.isConnected && typeof returnFocusTo.focus === 'function') returnFocusTo.focus();
      resolve();
    };
    const onMessage = (event) => {
      if (event.origin !== SANDBOX_ORIGIN || event.source !== frame.contentWindow) return;
      if (event.data && event.data.type === 'sandbox-processor-3ds') finish();
    };
    const poll = setInterval(async () => {
      if (polling || done) return;
      polling = true;
      try {
        if (await isSettled()) finish();
      } catch {
        // A failed poll is retried on the next tick; the message or the Cancel button still settle the dialog.
      } finally {
        polling = false;
      }
    }, 1000);
    const onCancel = async () => {
      cancelButton.disabled = true;
      try {
        await cancel();
      } finally {
        finish();
      }
    };

    startSentinel.addEventListener('focus', () => cancelButton.focus());
    endSentinel.addEventListener('focus', () => frame.focus());
    cancelButton.addEventListener('click', onCancel);
    overlay.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCancel();
      }
    });
    window.addEventListener('message', onMessage);

    document.body.append(overlay);
    title.focus();
  });
}
