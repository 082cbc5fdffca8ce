/** Entry of the partner demo page: wires the form to the three ways of opening the flow. */
import { PartnerApiError, collectAddresses, collectPresets, fetchFixtures, fetchSettings, requestFlowLink } from './api.js';
import { EventLog } from './event-log.js';
import { FlowForm, type OpenMode } from './form.js';
import { HostedLinkView } from './hosted.js';
import { describeReason, flowTitle } from './labels.js';
import { FlowMessageHub } from './messages.js';
import { loadHostSdk, openModal } from './modal.js';
import type { FlowLinkBody, FlowMessage } from './types.js';
import { NativeView } from './native.js';
import { SimulatedWebView } from './webview.js';

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el as T;
}

async function main(): Promise<void> {
  window.__flowMessages = [];
  // The modal is the host SDK's: loading it now keeps the first "Open in a modal" quick (a failure shows on open).
  loadHostSdk().catch(() => undefined);
  const status = byId('flow-status');
  const announce = (text: string): void => {
    // Clearing first makes a repeated message ("The customer left the flow.") announced again.
    status.textContent = '';
    window.setTimeout(() => (status.textContent = text), 50);
  };

  const log = new EventLog(byId<HTMLOListElement>('event-log'), byId('event-log-empty'));
  byId('clear-log').addEventListener('click', () => log.clear());

  const settings = await fetchSettings().catch((error: Error) => {
    const alert = byId('form-error');
    alert.textContent = error.message;
    alert.hidden = false;
    return null;
  });
  if (!settings) return;
  const native = new NativeView(byId<HTMLFieldSetElement>('native-platform'), byId<HTMLOListElement>('native-log'), byId('native-empty'));
  const webview = new SimulatedWebView(byId('webview-section'), byId('phone-screen'), byId<HTMLButtonElement>('webview-done'), byId('webview-heading'), native);
  const hosted = new HostedLinkView(
    byId('hosted-section'),
    byId('hosted-heading'),
    byId<HTMLAnchorElement>('hosted-link'),
    byId<HTMLTimeElement>('hosted-expires'),
    byId<HTMLButtonElement>('copy-link'),
    byId('copy-status'),
  );
  const onClosed = (message?: FlowMessage): void => {
    announce(message ? describeReason(message.reason) : 'You closed the flow.');
    // The host removes the flow on close, so the customer would see it vanish: say what happened, visibly.
    byId('form-status').textContent = message ? describeReason(message.reason) : 'You closed the flow.';
  };
  const hub = new FlowMessageHub(settings.flowOrigin, log, (message) => {
    if (message.type === 'service-flow-session-expiring') announce('The flow link expires in five minutes.');
  });

  const open = async (mode: OpenMode, body: FlowLinkBody, trigger: HTMLButtonElement): Promise<void> => {
    form.setBusy(true);
    try {
      const link = await requestFlowLink(body);
      form.setLastAccount(link.account_uuid);
      form.setBusy(false);
      const { title, closeLabel } = flowTitle(link.scope, body.locale);
      if (mode === 'modal') {
        await openModal({ link: link.login_link, title, lang: body.locale, closeLabel, trigger, hub, onClosed });
      } else if (mode === 'webview') {
        webview.open({ link: link.login_link, title, lang: body.locale, hub, onClosed });
      } else {
        hosted.show(link.login_link, link.expires_at);
      }
    } catch (error) {
      form.setBusy(false);
      const problem = error instanceof PartnerApiError ? error : new PartnerApiError(error instanceof Error ? error.message : 'Something went wrong.', 0, []);
      // The account was created before the link failed: keep it, as a partner keeps it with its user, so that trying
      // again ("Existing account") opens the flow for it rather than creating another.
      if (problem.accountUuid) form.setLastAccount(problem.accountUuid);
      const kept = problem.accountUuid ? ' The account was created: choose "Existing account" to try again with it.' : '';
      // Field problems are listed with their fields' labels: the backend's one-line summary would say them twice.
      form.showErrors(problem.fields.length > 0 ? 'Please correct the highlighted fields.' : problem.message + kept, problem.fields);
    }
  };
  const form = new FlowForm(byId<HTMLFormElement>('flow-form'), (mode, body, trigger) => void open(mode, body, trigger));

  const fixtures = await fetchFixtures(settings.sandboxUrl);
  form.setTestAddresses(collectAddresses(fixtures));
  form.setAccountPresets(collectPresets(fixtures));
}

void main();
