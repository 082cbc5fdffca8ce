/**
 * Drive the partner demo (demo/partner) the way a person would: fill its form, press one of the three open
 * buttons, and read the flow's messages the page received. The page records every accepted message's raw data
 * in `window.__flowMessages`, in order.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config.js';
import type { AddressInput, FlowScope, Locale } from '../../src/api/types.js';
import type { CloseReason, FlowCloseMessage, FlowMessage } from '../../src/bridge/messages.js';

export interface StartFlowOptions {
  /** Navigate to the partner page first (default true); false reuses the page as it is, e.g. for a fresh link. */
  goto?: boolean;
  /** Reuse this account ("a fresh link for the same account") instead of creating one. */
  accountUuid?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /**
   * The preliminary address: a string picks the sandbox test address whose label contains it (from the
   * sandbox's fixtures); an object is typed into the "Another address…" fields.
   */
  address?: string | AddressInput;
  locale?: Locale;
  scope?: FlowScope;
  clientAgent?: boolean;
  /**
   * The page's "Account state": `auto` (default: a new account for enrollment, the preset suited to the scope
   * otherwise), `new`, or a sandbox account preset's name (GET /__sandbox/fixtures → account_presets).
   */
  accountState?: string;
}

export interface FlowLinkInfo {
  accountUuid: string;
  loginLink: string;
  expiresAt: string;
}

export interface OpenedFlow extends FlowLinkInfo {
  /** The flow's document. */
  frame: FrameLocator;
  /** The <iframe> element on the partner page. */
  iframe: Locator;
}

const BUTTONS = {
  modal: 'Open in a modal',
  webview: 'Open in a simulated mobile WebView',
  hosted: 'Create a hosted link (as if sent by SMS)',
} as const;
type Mode = keyof typeof BUTTONS;

/** Opens the flow in the partner page's modal dialog and waits until the iframe is there. */
export async function openFlowInModal(page: Page, opts: StartFlowOptions = {}): Promise<OpenedFlow & { dialog: Locator }> {
  const link = await submit(page, 'modal', opts);
  const dialog = page.getByTestId('flow-modal');
  const iframe = page.getByTestId('flow-frame');
  await expect(iframe).toBeAttached();
  return { ...link, dialog, iframe, frame: page.frameLocator('[data-testid="flow-frame"]') };
}

/** Opens the flow in the simulated 375×812 phone WebView. */
export async function openFlowInWebView(page: Page, opts: StartFlowOptions = {}): Promise<OpenedFlow> {
  const link = await submit(page, 'webview', opts);
  const iframe = page.getByTestId('webview-frame');
  await expect(iframe).toBeAttached();
  return { ...link, iframe, frame: page.frameLocator('[data-testid="webview-frame"]') };
}

/** Creates a hosted link through the page; open `loginLink` in another page to play the customer's phone. */
export async function createHostedLink(page: Page, opts: StartFlowOptions = {}): Promise<FlowLinkInfo> {
  const link = await submit(page, 'hosted', opts);
  await expect(page.getByTestId('hosted-link')).toHaveAttribute('href', link.loginLink);
  return link;
}

/**
 * `POST /api/flow-link` on the partner backend without the page (same body as the page sends): for a test that
 * wants a link from the partner exactly as the page would get it, e.g. to load it into a WebView test page.
 */
export async function partnerFlowLink(body: Record<string, unknown>): Promise<FlowLinkInfo> {
  const res = await fetch(`${E2E.partnerUrl}/api/flow-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await res.json()) as { login_link: string; account_uuid: string; expires_at: string };
  if (res.status !== 201) throw new Error(`POST /api/flow-link answered ${res.status}: ${JSON.stringify(data)}`);
  return { accountUuid: data.account_uuid, loginLink: data.login_link, expiresAt: data.expires_at };
}

/** Every message the page accepted so far, raw, in order. */
export async function messages(page: Page): Promise<FlowMessage[]> {
  const raw = await page.evaluate(() => window.__flowMessages ?? []);
  return raw as FlowMessage[];
}

export interface MessageMatch {
  type: FlowMessage['type'];
  step?: string;
  reason?: CloseReason;
}

/**
 * Waits for the first message matching `match` at index `after` or later (default 0: any so far). Pass
 * `(await messages(page)).length` as `after` to wait for a message that has not been sent yet.
 */
export async function waitForMessage(page: Page, match: MessageMatch, opts: { after?: number; timeout?: number } = {}): Promise<FlowMessage> {
  const handle = await page.waitForFunction(
    ({ match, after }) => {
      const list = (window.__flowMessages ?? []) as Array<Record<string, unknown>>;
      return (
        list.slice(after).find(
          (m) =>
            m.type === match.type &&
            (match.step === undefined || m.step === match.step) &&
            (match.reason === undefined || m.reason === match.reason),
        ) ?? null
      );
    },
    { match, after: opts.after ?? 0 },
    { timeout: opts.timeout ?? 30_000 },
  );
  return (await handle.jsonValue()) as unknown as FlowMessage;
}

/**
 * Waits for `service-flow-close` (optionally with a given reason) and for the page to have removed the flow's
 * iframe from `surface` (the modal unless told otherwise).
 */
export async function waitForClose(
  page: Page,
  opts: { reason?: CloseReason; after?: number; timeout?: number; surface?: 'modal' | 'webview' } = {},
): Promise<FlowCloseMessage> {
  const match: MessageMatch = { type: 'service-flow-close', ...(opts.reason && { reason: opts.reason }) };
  const message = (await waitForMessage(page, match, opts)) as FlowCloseMessage;
  await expect(page.getByTestId(opts.surface === 'webview' ? 'webview-frame' : 'flow-frame')).toHaveCount(0);
  return message;
}

/** The visible event log, one entry per message: what a person reads on the page. */
export function eventLog(page: Page): Locator {
  return page.getByTestId('event-log').locator('li');
}

async function submit(page: Page, mode: Mode, opts: StartFlowOptions): Promise<FlowLinkInfo> {
  if (opts.goto !== false) await page.goto('/');
  await fillForm(page, opts);
  // The page's own origin (the partner demo may be opened on another one: e2e/framing.spec.ts).
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/flow-link' && r.request().method() === 'POST');
  await page.getByRole('button', { name: BUTTONS[mode], exact: true }).click();
  const res = await response;
  const data = (await res.json()) as { login_link?: string; account_uuid?: string; expires_at?: string };
  if (res.status() !== 201 || !data.login_link || !data.account_uuid || !data.expires_at) {
    throw new Error(`The partner backend answered ${res.status()}: ${JSON.stringify(data)}`);
  }
  return { accountUuid: data.account_uuid, loginLink: data.login_link, expiresAt: data.expires_at };
}

async function fillForm(page: Page, opts: StartFlowOptions): Promise<void> {
  const form = page.getByTestId('flow-link-form');
  if (opts.accountUuid) {
    await form.getByLabel('Existing account (a fresh link for the same account)', { exact: true }).check();
    await form.getByLabel('Account UUID', { exact: true }).fill(opts.accountUuid);
  } else {
    await form.getByLabel('New customer account', { exact: true }).check();
    await form.getByLabel('Email (optional)', { exact: true }).fill(opts.email ?? '');
    await form.getByLabel('First name (optional)', { exact: true }).fill(opts.firstName ?? '');
    await form.getByLabel('Last name (optional)', { exact: true }).fill(opts.lastName ?? '');
    await chooseAddress(form, opts.address);
  }
  await form.getByLabel('What the customer does', { exact: true }).selectOption(opts.scope ?? 'enrollment');
  if (opts.accountState && !opts.accountUuid) await form.getByLabel('Account state', { exact: true }).selectOption(opts.accountState);
  await form.getByLabel(opts.locale === 'es' ? 'Español' : 'English', { exact: true }).check();
  await form.getByLabel('Client agent enrollment', { exact: true }).setChecked(opts.clientAgent ?? false);
}

async function chooseAddress(form: Locator, address: StartFlowOptions['address']): Promise<void> {
  const select = form.getByLabel('Prefill the address step with', { exact: true });
  if (address === undefined) {
    await select.selectOption('');
    return;
  }
  if (typeof address === 'string') {
    // The options arrive from the sandbox's fixtures after the page loads.
    const option = select.locator('option', { hasText: address }).first();
    await expect(option, `no sandbox test address labelled like "${address}"`).toBeAttached();
    await select.selectOption((await option.getAttribute('value')) ?? '');
    return;
  }
  await select.selectOption('other');
  await form.getByLabel('Street address', { exact: true }).fill(address.address_1);
  await form.getByLabel('Apartment or unit (optional)', { exact: true }).fill(address.address_2 ?? '');
  await form.getByLabel('City', { exact: true }).fill(address.city ?? '');
  await form.getByLabel('State', { exact: true }).fill(address.state ?? 'TX');
  await form.getByLabel('ZIP code', { exact: true }).fill(address.postal_code ?? '');
}
