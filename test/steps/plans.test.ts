import { expect, html, oneEvent } from '@open-wc/testing';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';
import '../../src/steps/plans/plans.js';
import type { SfStepPlans } from '../../src/steps/plans/plans.js';
import { setLocale } from '../../src/i18n/localization.js';
import type { PlansViewedEvent, StepCompleteEvent } from '../../src/contract/events.js';
import {
  ADDRESS_RESULT,
  FakeApi,
  apiError,
  button,
  deferred,
  makeAccount,
  makeLocation,
  makePlan,
  meter,
  mount,
  q,
  qMaybe,
  settle,
  text,
  tryAgainIfOffered,
  type,
  until,
} from './harness.js';

const PLANS = [makePlan({ name: 'Lone Star 12' }), makePlan({ name: 'Bluebonnet 24', term_months: 24, energy_rate_cents_per_kwh: '12.5' })];

function plansApi(plans = PLANS): FakeApi {
  return new FakeApi()
    .on('requestPlans', async () => plans)
    .on('recordEvent', async () => ({ recorded: true }))
    .on('acceptPlan', async () => makeAccount({}, { has_accepted_plan: true }));
}

async function mountPlans(fake: FakeApi, account = makeAccount(), draft: Record<string, unknown> = {}) {
  return mount<SfStepPlans>(
    fake.api,
    html`<sf-step-plans .account=${account} .address=${ADDRESS_RESULT} .draft=${draft}></sf-step-plans>`,
  );
}

async function cards(el: SfStepPlans): Promise<HTMLElement[]> {
  await until(() => el.shadowRoot!.querySelectorAll('sf-plan-card').length > 0);
  const list = [...el.shadowRoot!.querySelectorAll<HTMLElement>('sf-plan-card')];
  for (const c of list) await settle(c);
  return list;
}

/** The first plan chosen, its terms ticked and "Accept plan" pressed: the acceptance form, for what follows. */
async function chooseAndAccept(el: SfStepPlans, index = 0): Promise<HTMLElement> {
  const accept = await choose(el, index);
  q<HTMLInputElement>(accept, '#terms').click();
  await settle(accept);
  button(accept, 'Accept plan').click();
  return accept;
}

async function choose(el: SfStepPlans, index = 0): Promise<HTMLElement> {
  const list = await cards(el);
  button(list[index]!, 'Choose this plan').click();
  await until(() => qMaybe(el, 'sf-plan-accept') !== null);
  const accept = q(el, 'sf-plan-accept');
  await settle(accept);
  // Let the button's colour transition finish before anyone measures contrast.
  await new Promise((r) => setTimeout(r, 200));
  return accept;
}

describe('sf-step-plans', () => {
  it('requests plans for the confirmed ESI ID and renders the cards', async () => {
    const fake = plansApi();
    const el = await mountPlans(fake);
    const list = await cards(el);
    expect(fake.callsOf('requestPlans')[0]!.args[0]).to.equal(ADDRESS_RESULT.esi_id);
    expect(list).to.have.length(2);
    const first = text(list[0]!);
    expect(first).to.contain('Lone Star 12');
    expect(first).to.contain('13.9¢/kWh');
    expect(first).to.contain('12 months');
    expect(first).to.contain('$4.95 per month');
    expect(first).to.contain('100%');
    // The delivery charges, the same for every plan, are said once above the list, not on each card.
    expect(first).not.to.contain('CenterPoint Energy');
    expect(text(q(el, 'p.hint'))).to.contain('CenterPoint Energy');
    // The 1,000 kWh price is the headline and the emphasized row.
    expect(q(list[0]!, '.headline .big').textContent).to.contain('15.2¢/kWh');
    expect(text(q(list[0]!, 'tr.featured'))).to.contain('1,000 kWh');
    expect(q(list[0]!, 'tr.featured strong').textContent).to.contain('15.2¢/kWh');
    const links = list[0]!.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a');
    // The PDFs in the flow's language, whatever the account's (the service makes them in the account's).
    expect([...links].map((a) => a.href)).to.deep.equal([PLANS[0]!.links.efl, PLANS[0]!.links.tos, PLANS[0]!.links.yrac].map((u) => `${u}?locale=en`));
    for (const a of links) {
      expect(a.target).to.equal('_blank');
      expect(a.rel).to.contain('noopener');
      expect(text(a)).to.contain('PDF, opens in a new tab');
    }
    await expect(el).to.be.accessible();
  });

  it('links the plan documents in Spanish when the flow is in Spanish, whatever the account\'s language', async () => {
    try {
      await setLocale('es');
      const el = await mountPlans(plansApi());
      const list = await cards(el);
      const links = list[0]!.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a');
      expect([...links].map((a) => a.href)).to.deep.equal([PLANS[0]!.links.efl, PLANS[0]!.links.tos, PLANS[0]!.links.yrac].map((u) => `${u}?locale=es`));
    } finally {
      await setLocale('en');
    }
  });

  it('records plans_viewed once, after the plans are on screen', async () => {
    const fake = plansApi();
    const el = await mountPlans(fake);
    const viewed = oneEvent(el, 'sf-plans-viewed') as Promise<PlansViewedEvent>;
    expect(fake.callsOf('recordEvent')).to.have.length(0);
    await cards(el);
    const event = await viewed;
    await until(() => fake.callsOf('recordEvent').length === 1);
    const uuids = PLANS.map((p) => p.uuid);
    expect(fake.callsOf('recordEvent')[0]!.args[0]).to.deep.equal({ event: 'plans_viewed', plan_uuids: uuids });
    expect(event.detail.plan_uuids).to.deep.equal(uuids);
    // Re-renders (choosing a plan) do not record again.
    await choose(el);
    el.requestUpdate();
    await settle(el);
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.callsOf('recordEvent')).to.have.length(1);
  });

  it('does not record plans_viewed while the list is off screen', async () => {
    const fake = plansApi();
    window.scrollTo(0, 0);
    const el = await mount<SfStepPlans>(
      fake.api,
      html`<div style="margin-top: 300vh"><sf-step-plans .account=${makeAccount()} .address=${ADDRESS_RESULT} .draft=${{}}></sf-step-plans></div>`,
    ).then((wrapper) => wrapper.querySelector('sf-step-plans') as SfStepPlans);
    await cards(el);
    await new Promise((r) => setTimeout(r, 150));
    expect(fake.callsOf('recordEvent')).to.have.length(0);
    el.scrollIntoView();
    await until(() => fake.callsOf('recordEvent').length === 1);
  });

  it('reveals a bounded start date; Accept, always reachable, pressed unticked says the box is to be ticked', async () => {
    const fake = plansApi();
    const el = await mountPlans(fake);
    const accept = await choose(el, 0);
    const date = q<HTMLInputElement>(accept, '#start');
    expect(date.type).to.equal('date');
    expect(date.min).to.equal('2030-01-10');
    expect(date.max).to.equal('2030-02-09');
    expect(date.value).to.equal('2030-01-10');
    expect(accept.shadowRoot!.activeElement?.id).to.equal('accept-heading');
    // Chosen is a state, said by aria-pressed and a check mark, not a second filled button above Accept.
    const chosen = button((await cards(el))[0]!, 'Chosen');
    expect(chosen.getAttribute('aria-pressed')).to.equal('true');
    expect(chosen.classList.contains('primary')).to.equal(false);
    expect(getComputedStyle(chosen, '::before').content).to.contain('✓');
    const submit = button(accept, 'Accept plan');
    expect(submit.disabled, 'Tab reaches the button').to.equal(false);
    expect(text(accept)).to.contain('Check the box');
    await expect(el).to.be.accessible();
    const box = q<HTMLInputElement>(accept, '#terms');
    submit.click();
    await settle(accept);
    expect(accept.shadowRoot!.activeElement, 'focus on the box').to.equal(box);
    expect(box.getAttribute('aria-invalid')).to.equal('true');
    expect(text(q(accept, `#${box.getAttribute('aria-describedby')}`))).to.contain('Check the box to accept the plan.');
    expect(fake.callsOf('acceptPlan')).to.have.length(0);

    box.click();
    await settle(accept);
    expect(box.getAttribute('aria-invalid')).not.to.equal('true');

    // Outside the plan's window: a sentence with the dates, focus on the field, no call.
    type(date, '2030-03-01', { change: true });
    submit.click();
    await settle(accept);
    expect(date.getAttribute('aria-invalid')).to.equal('true');
    expect(text(q(accept, '#start-error'))).to.contain('January 10, 2030 to February 9, 2030');
    expect(fake.callsOf('acceptPlan')).to.have.length(0);

    type(date, '2030-01-20', { change: true });
    await settle(accept);
    expect(text(q(accept, '#start-error'))).to.equal('');
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    submit.click();
    submit.click(); // a double click accepts once
    const event = await done;
    expect(fake.callsOf('acceptPlan')).to.have.length(1);
    expect(fake.callsOf('acceptPlan')[0]!.args[0]).to.deep.equal({
      esi_id: ADDRESS_RESULT.esi_id,
      plan_uuid: PLANS[0]!.uuid,
      start_date: '2030-01-20',
      terms_accepted: true,
    });
    expect(fake.callsOf('acceptPlan')[0]!.idempotencyKey).to.be.a('string');
    expect(event.detail.step).to.equal('plans');
    expect(event.detail.account?.enrollment.has_accepted_plan).to.equal(true);
    expect((event.detail.data?.plan as { name: string }).name).to.equal('Lone Star 12');
  });

  it('the terms ticked for one plan are not ticked for another: each plan\'s documents are accepted on their own', async () => {
    const el = await mountPlans(plansApi());
    q<HTMLInputElement>(await choose(el, 0), '#terms').click();
    const other = await choose(el, 1);
    expect(text(other)).to.contain('Bluebonnet 24');
    expect(q<HTMLInputElement>(other, '#terms').checked).to.equal(false);
    // Back to the first plan: its tick was not kept either (a new choice is a new acceptance).
    expect(q<HTMLInputElement>(await choose(el, 0), '#terms').checked).to.equal(false);
  });

  it('reloads the plans with a message when the chosen plan expired, which goes once a plan is chosen again', async () => {
    const fresh = [makePlan({ name: 'Lone Star 12 (new price)' })];
    let round = 0;
    const fake = new FakeApi()
      .on('requestPlans', async () => (round++ === 0 ? PLANS : fresh))
      .on('recordEvent', async () => ({ recorded: true }))
      .on('acceptPlan', async () => {
        throw apiError(422, 'unprocessable', [{ field: 'plan_uuid', code: 'range', message: 'plan expired' }]);
      });
    const el = await mountPlans(fake);
    await chooseAndAccept(el);
    await until(() => text(el).includes('Prices changed'));
    await until(() => text(el).includes('Lone Star 12 (new price)'));
    expect(fake.callsOf('requestPlans')).to.have.length(2);
    expect(qMaybe(el, 'sf-plan-accept')).to.equal(null);
    // A new request: plans_viewed again, for the new plans.
    await until(() => fake.callsOf('recordEvent').length === 2);
    expect((fake.callsOf('recordEvent')[1]!.args[0] as { plan_uuids: string[] }).plan_uuids).to.deep.equal([fresh[0]!.uuid]);
    // The message said "choose again": once a plan of the current ones is chosen, it goes.
    await choose(el, 0);
    expect(text(el)).not.to.contain('Prices changed');
  });

  it('retries a failed accept with the same idempotency key', async () => {
    let fail = true;
    const fake = plansApi().on('acceptPlan', async () => {
      if (fail) throw apiError(503, 'unavailable');
      return makeAccount({}, { has_accepted_plan: true });
    });
    const el = await mountPlans(fake);
    await chooseAndAccept(el);
    await until(() => el.shadowRoot!.querySelector('[role="alert"]') !== null);
    fail = false;
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Try again').click();
    await done;
    const [first, second] = fake.callsOf('acceptPlan');
    expect(second!.idempotencyKey).to.equal(first!.idempotencyKey);
  });

  it('accepts the same plan and date again after a lost answer with the same key, another date with a new one', async () => {
    let lost = true;
    const fake = plansApi().on('acceptPlan', async () => {
      if (lost) throw apiError(0, 'network');
      return makeAccount({}, { has_accepted_plan: true });
    });
    const el = await mountPlans(fake);
    const accept = await choose(el);
    const terms = q<HTMLInputElement>(accept, '#terms');
    terms.click();
    await settle(accept);
    button(accept, 'Accept plan').click();
    await until(() => el.shadowRoot!.querySelector('[role="alert"]') !== null);
    // The customer unticks and ticks the terms and presses Accept again: the same acceptance.
    terms.click();
    terms.click();
    await settle(accept);
    button(accept, 'Accept plan').click();
    await until(() => fake.callsOf('acceptPlan').length === 2);
    await until(() => el.shadowRoot!.querySelector('[role="alert"]') !== null);
    // Another start date: a new acceptance.
    type(q<HTMLInputElement>(accept, '#start'), '2030-01-20', { change: true });
    await settle(accept);
    lost = false;
    const done = oneEvent(el, 'sf-step-complete');
    button(accept, 'Accept plan').click();
    await done;
    const [a, b, c] = fake.callsOf('acceptPlan');
    expect(b!.idempotencyKey).to.equal(a!.idempotencyKey);
    expect(c!.args[0]).to.include({ start_date: '2030-01-20' });
    expect(c!.idempotencyKey).not.to.equal(a!.idempotencyKey);
    // Accepted: the same again later (Back from a later step) is a new request, not the replay of an old answer.
    await settle(el);
    const form = q(el, 'sf-plan-accept');
    await settle(form);
    const again = oneEvent(el, 'sf-step-complete');
    button(form, 'Accept plan').click();
    await again;
    expect(fake.callsOf('acceptPlan')[3]!.idempotencyKey, 'a key of its own after the acceptance went through').not.to.equal(c!.idempotencyKey);
  });

  it('explains the 7-to-30-day window to client-agent accounts and accepts on the customer\'s behalf', async () => {
    const fake = plansApi();
    const account = makeAccount({ status: 'ready', status_reason: 'enrollment_pending_client_agent' } as never);
    const el = await mountPlans(fake, account);
    const accept = await choose(el);
    expect(text(accept)).to.contain('7 to 30 days');
    q<HTMLInputElement>(accept, '#terms').click();
    await settle(accept);
    button(accept, 'Accept plan').click();
    await until(() => fake.callsOf('acceptPlan').length === 1);
    // Accepted on the customer's behalf, so that finalize may say is_client_agent_enrollment.
    expect(fake.callsOf('acceptPlan')[0]!.args[0]).to.include({ accepted_by: 'client_agent' });
  });

  it('asks to leave and goes back through events', async () => {
    const el = await mountPlans(plansApi());
    const exit = oneEvent(el, 'sf-exit-request');
    button(el, 'Not now').click();
    await exit;
    const back = oneEvent(el, 'sf-step-back');
    button(el, 'Back').click();
    await back;
  });

  it('disables Back and "Not now" while the acceptance is being sent (its answer would be lost)', async () => {
    const answer = deferred<ReturnType<typeof makeAccount>>();
    const fake = plansApi().on('acceptPlan', () => answer.promise);
    const el = await mountPlans(fake);
    await chooseAndAccept(el);
    await until(() => fake.callsOf('acceptPlan').length === 1);
    await settle(el);
    let left = false;
    el.addEventListener('sf-step-back', () => (left = true));
    el.addEventListener('sf-exit-request', () => (left = true));
    const back = button(el, 'Back');
    const notNow = button(el, 'Not now');
    back.click();
    notNow.click();
    expect(back.disabled, 'Back is disabled while plans/accept runs').to.equal(true);
    expect(notNow.disabled, '"Not now" is disabled while plans/accept runs').to.equal(true);
    expect(left, 'no sf-step-back nor sf-exit-request while the acceptance is in flight').to.equal(false);
    const done = oneEvent(el, 'sf-step-complete');
    answer.resolve(makeAccount({}, { has_accepted_plan: true }));
    await done;
  });

  it('"Try again" after a failed acceptance does not accept terms the customer has since unticked', async () => {
    const fake = plansApi().on('acceptPlan', async () => {
      throw apiError(503, 'unavailable');
    });
    const el = await mountPlans(fake);
    const accept = await chooseAndAccept(el);
    const terms = q<HTMLInputElement>(accept, '#terms');
    await until(() => text(el).includes('Try again'));
    // The customer changes their mind: the box is unticked.
    terms.click();
    await settle(accept);
    expect(terms.checked).to.equal(false);
    await tryAgainIfOffered(el);
    expect(fake.callsOf('acceptPlan'), 'no acceptance sent with terms_accepted: true once the box is unticked').to.have.length(1);
  });

  it('"Try again" after a failed acceptance accepts the start date on screen, not the one from before it was changed', async () => {
    let fail = true;
    const fake = plansApi().on('acceptPlan', async () => {
      if (fail) throw apiError(503, 'unavailable');
      return makeAccount({}, { has_accepted_plan: true });
    });
    const el = await mountPlans(fake);
    const accept = await chooseAndAccept(el);
    await until(() => text(el).includes('Try again'));
    // The customer picks another start date before trying again.
    type(q<HTMLInputElement>(accept, '#start'), '2030-01-20', { change: true });
    await settle(accept);
    fail = false;
    await tryAgainIfOffered(el);
    const calls = fake.callsOf('acceptPlan');
    const sentAfterChange = calls.slice(1).map((c) => (c.args[0] as { start_date: string }).start_date);
    expect(sentAfterChange.every((d) => d === '2030-01-20'), `accepted with ${JSON.stringify(sentAfterChange)} while the form says 2030-01-20`).to.equal(true);
    // The form's own button accepts what it shows, with a key of its own (another date is another request).
    const done = oneEvent(el, 'sf-step-complete');
    button(accept, 'Accept plan').click();
    await done;
    const last = fake.callsOf('acceptPlan').at(-1)!;
    expect((last.args[0] as { start_date: string }).start_date).to.equal('2030-01-20');
    expect(last.idempotencyKey).not.to.equal(calls[0]!.idempotencyKey);
  });

  it('shows the delivery rate as the EFL states it (5.1893¢), not rounded to 5.19¢', async () => {
    const oncor = { utility: { name: 'oncor', display_name: 'Oncor' }, monthly_charge_cents: 423, rate_cents_per_kwh: '5.1893' };
    const plans = [makePlan({ delivery: oncor } as never)];
    const el = await mountPlans(plansApi(plans));
    await cards(el);
    // The EFL of the same plan (demo/sandbox/documents/efl.ts, rate4) prints "5.1893¢ per kWh".
    expect(text(q(el, 'p.hint'))).to.contain('5.1893¢/kWh');
  });

  it('with a plan already accepted for this meter (Back from a later step), goes on without accepting a second time', async () => {
    const location = makeLocation({ plan_uuid: PLANS[0]!.uuid, plan_name: 'Lone Star 12' });
    const accepted = makeAccount({ service_address: ADDRESS_RESULT, location_uuid: location.uuid } as never, { has_accepted_plan: true });
    // The draft as the customer left it when the plan was accepted.
    const draft = { planUuid: PLANS[0]!.uuid, startDate: '2030-01-10', termsAccepted: true };
    const fake = plansApi().on('getLocation', async () => location);
    const el = await mountPlans(fake, accepted, draft);
    await cards(el);
    await until(() => text(el).includes('You accepted Lone Star 12.'));
    expect(fake.callsOf('getLocation')[0]!.args[0]).to.equal(location.uuid);
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Continue').click();
    expect((await done).detail.step).to.equal('plans');
    expect(fake.callsOf('acceptPlan'), 'no second plans/accept (a second contract, a second enrollment.plan_accepted)').to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('offers no Continue when the plan accepted was for another meter than the one now confirmed', async () => {
    const location = { ...makeLocation({ plan_name: 'Lone Star 12' }), esi_id: meter(2, 2).esi_id };
    const accepted = makeAccount({ service_address: meter(2, 2), location_uuid: location.uuid } as never, { has_accepted_plan: true });
    const fake = plansApi().on('getLocation', async () => location);
    const el = await mountPlans(fake, accepted);
    await cards(el);
    await until(() => fake.callsOf('getLocation').length === 1);
    await settle(el);
    expect(text(el)).not.to.contain('You accepted');
    const buttons = [...el.shadowRoot!.querySelectorAll('button')].map((b) => text(b));
    expect(buttons, 'no Continue: a plan must be accepted for this meter').not.to.include('Continue');
  });

  describe('after a reload while an acceptance was on its way (its key beside the stored session)', () => {
    const kept = (key: string) => sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_t', locale: null, write: { step: 'plans', key } }));
    const write = () => (JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '{}') as { write?: unknown }).write;
    afterEach(() => sessionStorage.clear());

    it('the first acceptance of the page goes under the kept key, so the service answers the first one rather than accept twice', async () => {
      kept('key-before-reload');
      const fake = plansApi();
      const el = await mountPlans(fake);
      const done = oneEvent(el, 'sf-step-complete');
      await chooseAndAccept(el);
      await done;
      expect(fake.callsOf('acceptPlan').map((c) => c.idempotencyKey)).to.deep.equal(['key-before-reload']);
      expect(write(), 'answered: nothing kept').to.equal(undefined);
    });

    it('the kept key refused for the plan accepted now (priced anew after a reload: the first went through): no second acceptance, the plan that stands said, with Continue', async () => {
      kept('key-before-reload');
      const location = makeLocation({ plan_name: 'Lone Star 12' });
      const fake = plansApi()
        .on('acceptPlan', async () => {
          throw apiError(422, 'unprocessable', [{ field: 'Idempotency-Key', code: 'reused', message: 'used for a different request' }]);
        })
        .on('getAccount', async () => makeAccount({ service_address: ADDRESS_RESULT, location_uuid: location.uuid } as never, { has_accepted_plan: true }))
        .on('getLocation', async () => location);
      const el = await mountPlans(fake);
      await chooseAndAccept(el, 1);
      await until(() => text(el).includes('You accepted Lone Star 12.'));
      expect(fake.callsOf('acceptPlan')).to.have.length(1);
      expect(write(), 'nothing kept').to.equal(undefined);
      expect(text(el)).not.to.contain('Something went wrong');
      await settle(el);
      expect(el.shadowRoot!.activeElement?.textContent?.trim(), 'focus on Continue, where the plan that stands is said').to.equal('Continue');
      const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
      button(el, 'Continue').click();
      expect((await done).detail.data, 'nothing said of a plan: the review reads the one the service has').to.equal(undefined);
      expect(fake.callsOf('acceptPlan')).to.have.length(1);
    });
  });
});
