/**
 * The Spanish strings only another scope's code has come with that scope (src/i18n/runtime.ts), not with the
 * localization runtime: in Spanish from the link, after a switch from the header, and never for enrollment.
 * One page for this file: the runtime and the strings it added are loaded once, so each test uses another scope.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { Account } from '../../src/api/types.js';
import type { SfFlow } from '../../src/flow/flow.js';
import '../../src/flow/flow.js';
import { setLocale } from '../../src/i18n/localization.js';
import { makeAccount, makeSession } from './fixtures.js';
import { fakeApi, fakeHost, waitForView } from './harness.js';
import { MAKERS } from '../steps/battery-fixtures.js';

const heading = (step: HTMLElement) => step.shadowRoot!.querySelector('#step-heading')!.textContent!.trim();

/** The JavaScript files this page fetched so far, by path. */
const fetched = () => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);

describe("a scope's own Spanish strings", () => {
  afterEach(async () => {
    sessionStorage.clear();
    await setLocale('en');
  });

  it('enrollment in Spanish loads no other scope’s strings', async () => {
    const el = await fixture<SfFlow>(
      html`<sf-flow .api=${fakeApi({ getAccount: async () => makeAccount(), getFlow: async () => makeSession() })} .hostWindow=${fakeHost()} locale="es"></sf-flow>`,
    );
    const step = await waitForView(el, 'sf-step-address');
    await waitUntil(() => heading(step) === '¿Dónde necesita electricidad?', 'not in Spanish', { timeout: 3000 });
    expect(fetched().filter((p) => /\/i18n\/locales\/[^/]+\/es\./.test(p))).to.deep.equal([]);
  });

  it('switching to Spanish on a scope’s first step brings that scope’s strings too', async () => {
    // Service never started: the update-payment-method scope opens on "no card is needed", which reads nothing.
    const cancelled = makeAccount({ status: 'cancelled', status_reason: 'cancelled_pre_start' } as Partial<Account>, { has_payment_method: true });
    const el = await fixture<SfFlow>(
      html`<sf-flow .api=${fakeApi({ getAccount: async () => cancelled, getFlow: async () => makeSession({ scope: 'update-payment-method' }) })} .hostWindow=${fakeHost()}></sf-flow>`,
    );
    const step = await waitForView(el, 'sf-step-card-not-needed');
    expect(heading(step)).to.equal('No card is needed');
    el.shadowRoot!.querySelector<HTMLButtonElement>('header button[lang="es"]')!.click();
    await waitUntil(() => document.documentElement.lang === 'es', 'locale did not switch', { timeout: 3000 });
    await waitUntil(() => heading(step) === 'No se necesita una tarjeta', `still "${heading(step)}"`, { timeout: 3000 });
  });

  it('in Spanish from the link, the scope’s first step renders in Spanish at once', async () => {
    const api = fakeApi({
      getAccount: async () => makeAccount({ status: 'active', status_reason: 'active' } as Partial<Account>),
      getFlow: async () => makeSession({ scope: 'connect-battery' }),
      listBatteryMakers: async () => MAKERS,
      listBatteryDevices: async () => ({ data: [] }),
    });
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${fakeHost()} locale="es"></sf-flow>`);
    const step = await waitForView(el, 'sf-step-battery-maker');
    expect(heading(step)).to.equal('¿Qué batería tiene?');
    expect(fetched().some((p) => p.endsWith('/i18n/locales/connect-battery/es.ts'))).to.equal(true);
  });
});
