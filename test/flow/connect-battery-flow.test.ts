import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { Account } from '../../src/api/types.js';
import type { SfFlow } from '../../src/flow/flow.js';
import '../../src/flow/flow.js';
import { makeAccount, makeSession } from './fixtures.js';
import { closeMessages, deepFocus, fakeApi, fakeHost, waitForView } from './harness.js';
import { MAKERS, makeAuthorization, makeDevice, AUTH_ID } from '../steps/battery-fixtures.js';

const active = makeAccount({ status: 'active', status_reason: 'active' } as Partial<Account>);
const session = makeSession({ scope: 'connect-battery' });

describe('sf-flow with connect-battery', () => {
  afterEach(() => sessionStorage.clear());

  it('resumes at the authorization the maker page sent back, then shows the battery and closes completed', async () => {
    const device = makeDevice();
    const api = fakeApi({
      getAccount: async () => active,
      getFlow: async () => session,
      getBatteryAuthorization: async (id) => makeAuthorization({ id, status: 'approved', device_id: device.id }),
      listBatteryMakers: async () => MAKERS,
      listBatteryDevices: async () => ({ data: [device] }),
    });
    const host = fakeHost();
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${host} .returned=${{ battery_authorization: AUTH_ID }}></sf-flow>`);
    const shown = await waitForView(el, 'sf-step-battery-device');
    await waitUntil(() => shown.shadowRoot!.textContent!.includes('Powerwall 3'));
    // The heading comes with the device, and the root focuses it at its next look (focusHeading polls each frame).
    await waitUntil(() => deepFocus()?.id === 'step-heading', 'focus not on the heading');
    shown.shadowRoot!.querySelector<HTMLButtonElement>('.actions .btn.primary')!.click();
    await waitUntil(() => closeMessages(host).length === 1);
    expect(closeMessages(host)[0]).to.include({ reason: 'completed' });
  });

  it('opens on the maker choice without anything sent back', async () => {
    const api = fakeApi({
      getAccount: async () => active,
      getFlow: async () => session,
      listBatteryMakers: async () => MAKERS,
      listBatteryDevices: async () => ({ data: [] }),
    });
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${fakeHost()}></sf-flow>`);
    await waitForView(el, 'sf-step-battery-maker');
    expect(el.shadowRoot!.querySelector('.progress')!.textContent).to.contain('Step 1 of 2');
  });
});
