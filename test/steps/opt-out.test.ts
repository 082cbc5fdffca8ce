import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/opt-out/opt-out.js';
import type { SfOptOut } from '../../src/steps/opt-out/opt-out.js';
import type { OptOutConfirmedEvent, PlansViewedEvent } from '../../src/contract/events.js';
import { FakeApi, apiError, button, makeAccount, mount, q, settle, text, type, until } from './harness.js';
import { setLocale } from '../../src/i18n/localization.js';

const REASONS = [
  { code: 'too_expensive', label: 'The prices are too high' },
  { code: 'just_browsing', label: 'I was just looking' },
];
const UUIDS = ['7d3f0a52-0000-4000-8000-000000000001', '7d3f0a52-0000-4000-8000-000000000002'];

function optOutApi(): FakeApi {
  return new FakeApi().on('optOutReasons', async () => REASONS).on('recordEvent', async () => ({ recorded: true }));
}

async function mountOptOut(fake: FakeApi): Promise<SfOptOut> {
  const el = await mount<SfOptOut>(fake.api, html`<sf-opt-out .account=${makeAccount()} .planUuids=${UUIDS}></sf-opt-out>`);
  await until(() => el.shadowRoot!.querySelectorAll('input[type="radio"]').length > 0);
  await settle(el);
  return el;
}

describe('sf-opt-out', () => {
  it('asks why without sending anything on open', async () => {
    const fake = optOutApi();
    const el = await mountOptOut(fake);
    expect(text(q(el, 'h1'))).to.contain('Before you go, what made you decide not to continue?');
    expect(fake.callsOf('optOutReasons')[0]!.args[0]).to.equal('en');
    const labels = [...el.shadowRoot!.querySelectorAll('label.choice')].map((l) => text(l));
    expect(labels).to.deep.equal(['The prices are too high', 'I was just looking', 'Other']);
    expect(fake.callsOf('recordEvent')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('reads the account as it is asked (asking for the plans changed its status) and tells the root, with the plans seen', async () => {
    const applying = makeAccount({ status: 'applying', status_reason: 'plan_not_accepted' });
    const fake = optOutApi().on('getAccount', async () => applying);
    const told: PlansViewedEvent[] = [];
    const listen = (e: Event) => told.push(e as PlansViewedEvent);
    document.addEventListener('sf-plans-viewed', listen);
    try {
      await mountOptOut(fake);
      await until(() => told.length === 1, 'the account told');
      expect(told[0]!.detail).to.deep.equal({ plan_uuids: UUIDS, account: applying });
      expect(fake.callsOf('getAccount')).to.have.length(1);
    } finally {
      document.removeEventListener('sf-plans-viewed', listen);
    }
  });

  it('records the opt-out with the chosen reason and label on Leave', async () => {
    const fake = optOutApi();
    const el = await mountOptOut(fake);
    el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')[0]!.click();
    await settle(el);
    const confirmed = oneEvent(el, 'sf-opt-out-confirmed') as Promise<OptOutConfirmedEvent>;
    button(el, 'Leave').click();
    const event = await confirmed;
    expect(fake.callsOf('recordEvent')).to.have.length(1);
    expect(fake.callsOf('recordEvent')[0]!.args[0]).to.deep.equal({
      event: 'enrollment_opt_out',
      plan_uuids: UUIDS,
      reason: 'too_expensive',
      label: 'The prices are too high',
    });
    expect(event.detail).to.deep.equal({ reason: 'too_expensive', label: 'The prices are too high' });
  });

  it('sends "other" with the typed text', async () => {
    const fake = optOutApi();
    const el = await mountOptOut(fake);
    el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')[2]!.click();
    await settle(el);
    type(q(el, '#other'), '  Moving next month ');
    await expect(el).to.be.accessible();
    const confirmed = oneEvent(el, 'sf-opt-out-confirmed');
    button(el, 'Leave').click();
    await confirmed;
    expect(fake.callsOf('recordEvent')[0]!.args[0]).to.include({ reason: 'other', label: 'Moving next month' });
  });

  it('records without reason or label when none was chosen, and lets the customer leave even if that fails', async () => {
    const fake = optOutApi().on('recordEvent', async () => {
      throw apiError(503, 'unavailable');
    });
    const el = await mountOptOut(fake);
    const confirmed = oneEvent(el, 'sf-opt-out-confirmed') as Promise<OptOutConfirmedEvent>;
    button(el, 'Leave').click();
    const event = await confirmed;
    expect(fake.callsOf('recordEvent')[0]!.args[0]).to.deep.equal({ event: 'enrollment_opt_out', plan_uuids: UUIDS });
    expect(event.detail).to.deep.equal({});
  });

  it('stays without recording anything', async () => {
    const fake = optOutApi();
    const el = await mountOptOut(fake);
    const cancelled = oneEvent(el, 'sf-opt-out-cancelled');
    button(el, 'Stay and continue').click();
    await cancelled;
    expect(fake.callsOf('recordEvent')).to.have.length(0);
  });
  describe('a language switch while the question is shown', () => {
    afterEach(() => setLocale('en'));

    /** The reasons in Spanish: `answer` decides how their second load (after the switch) ends. */
    async function switchWithReasons(answer: () => Promise<unknown>) {
      const fake = optOutApi().on('optOutReasons', async (locale) => (locale === 'en' ? REASONS : answer()) as never);
      const el = await mountOptOut(fake);
      return { fake, el };
    }

    for (const [what, answer] of [
      ['are still loading', () => new Promise(() => undefined)],
      ['could not load', () => Promise.reject(apiError(503, 'unavailable'))],
    ] as const) {
      it(`keeps the reason chosen (and the text typed for "Other") when the reasons in the new language ${what}`, async () => {
        for (const index of [0, 2]) {
          const { fake, el } = await switchWithReasons(answer);
          el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')[index]!.click();
          await settle(el);
          if (index === 2) type(q(el, '#other'), 'Moving next month');
          await setLocale('es');
          await until(() => fake.callsOf('optOutReasons').length === 2);
          await settle(el);
          const checked = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="radio"]:checked');
          expect(checked?.value, 'the choice is still on screen').to.equal(index === 0 ? 'too_expensive' : 'other');
          const confirmed = oneEvent(el, 'sf-opt-out-confirmed');
          button(el, 'Salir').click();
          await confirmed;
          expect(fake.callsOf('recordEvent')[0]!.args[0]).to.include(
            index === 0 ? { reason: 'too_expensive', label: 'The prices are too high' } : { reason: 'other', label: 'Moving next month' },
          );
          await setLocale('en');
          el.remove();
        }
      });
    }
  });
});
