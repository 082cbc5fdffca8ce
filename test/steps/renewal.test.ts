import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/renewal/renewal.js';
import '../../src/steps/renewal-plans/renewal-plans.js';
import '../../src/steps/renewal-done/renewal-done.js';
import type { SfStepRenewal } from '../../src/steps/renewal/renewal.js';
import type { SfStepRenewalPlans } from '../../src/steps/renewal-plans/renewal-plans.js';
import type { SfStepRenewalDone } from '../../src/steps/renewal-done/renewal-done.js';
import type { Document, Location, Plan } from '../../src/api/types.js';
import { setLocale, useScope } from '../../src/i18n/localization.js';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';
import { sentRenewals } from '../../src/scopes/renewal/sent.js';
import { FakeApi, apiError, button, deferred, makeAccount, makeLocation, makePlan, mount, q, qMaybe, settle, text, tryAgainIfOffered, type, until } from './harness.js';
import { liveRegionOf, renderedLiveRegions, textNode } from './live-regions.js';

const base = makeLocation({ status: 'active', plan_name: 'Longhorn Lock 36', term_months: 36, start_date: '2027-01-05', end_date: '2030-01-04' });
const at = (renewal: Location['renewal'], more: Partial<Location> = {}): Location => ({ ...base, renewal, ...more });
const queued = { ...base.contract, uuid: 'c2', plan_name: 'Lone Star Saver 6', term_months: 6, start_date: '2030-01-05', end_date: '2030-07-04', status: 'queued' as const };
const active = makeAccount({ status: 'active', status_reason: 'active', location_uuid: base.uuid } as never, { is_enrollment_finalized: true });

const fixedPlan = (n: number) =>
  makePlan({ uuid: `00000000-0000-4000-8000-0000000000a${n}`, name: `Lone Star Saver ${n * 6}`, term_months: n * 6, earliest_start_date: '2030-01-05', latest_start_date: '2030-01-05' });

describe('sf-step-renewal (the current plan)', () => {
  it('shows the current plan and when it ends, and offers the renewal plans when eligible', async () => {
    const api = new FakeApi().on('getLocation', async () => at({ eligibility: 'eligible', opens_on: '2029-11-05' }));
    const el = await mount<SfStepRenewal>(api.api, html`<sf-step-renewal .account=${active} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(el).includes('You can renew now'));
    expect(qMaybe(el, 'sf-account-status')).to.equal(null);
    const shown = text(el);
    expect(shown).to.contain('Your contract ends on January 4, 2030.');
    expect(shown).to.contain('Longhorn Lock 36');
    expect(shown).to.contain('36 months');
    expect(shown).to.contain('It starts on January 5, 2030, the day after your current contract ends');
    await expect(el).to.be.accessible();
    const next = oneEvent(el, 'sf-step-complete');
    button(el, 'See renewal plans').click();
    expect((await next).detail.step).to.equal('renewal');
  });

  it('past its end (month-to-month): says so, and that the customer picks the start', async () => {
    const ended = { ...base, contract: { ...base.contract, status: 'expired' as const }, renewal: { eligibility: 'eligible' as const, opens_on: '2029-11-05' } };
    const el = await mount<SfStepRenewal>(new FakeApi().on('getLocation', async () => ended).api, html`<sf-step-renewal .account=${active} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(el).includes('You can renew now'));
    expect(text(el)).to.contain('Your contract ended on January 4, 2030. You are now on month-to-month service');
    expect(text(el)).to.contain('Choose a new plan and the day it starts.');
  });

  it('too early: says from when renewal opens, and closes', async () => {
    const api = new FakeApi().on('getLocation', async () => at({ eligibility: 'not_yet_eligible', opens_on: '2029-11-05' }));
    const el = await mount<SfStepRenewal>(api.api, html`<sf-step-renewal .account=${active} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(el).includes('It is too early to renew'));
    expect(text(el)).to.contain('Renewal plans are offered from November 5, 2029');
    expect(qMaybe(el, 'button.primary')?.textContent?.trim()).to.equal('Close');
    expect(text(el)).not.to.contain('See renewal plans');
    // The refusal is this flow's last screen: it says where the account stands.
    await until(() => text(el).includes('Your service is active'));
    await expect(el).to.be.accessible();
    const exit = oneEvent(el, 'sf-exit-request');
    button(el, 'Close').click();
    await exit;
  });

  it('already renewed: shows the queued contract', async () => {
    const api = new FakeApi().on('getLocation', async () => at({ eligibility: 'already_renewed', opens_on: '2029-11-05' }, { queued_contract: queued }));
    const el = await mount<SfStepRenewal>(api.api, html`<sf-step-renewal .account=${active} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(el).includes('You have already renewed'));
    expect(text(el)).to.contain('Your new plan, Lone Star Saver 6, is queued: it starts on January 5, 2030.');
  });

  // Month-to-month, then renewed with a start date up to 30 days out: the link opened again (before that day) must not
  // say the customer is on month-to-month service "until you choose a new plan" above the plan they chose.
  it('month-to-month with a renewal queued: never "until you choose a new plan" above the plan chosen', async () => {
    const renewed = {
      ...base,
      contract: { ...base.contract, status: 'expired' as const },
      queued_contract: { ...queued, start_date: '2030-01-20', end_date: '2030-07-19' },
      renewal: { eligibility: 'already_renewed' as const, opens_on: '2029-11-05' },
    };
    const el = await mount<SfStepRenewal>(new FakeApi().on('getLocation', async () => renewed).api, html`<sf-step-renewal .account=${active} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(el).includes('You have already renewed'));
    expect(text(el)).to.contain('Your new plan, Lone Star Saver 6, is queued: it starts on January 20, 2030.');
    expect(text(el)).not.to.contain('until you choose a new plan');
    try {
      await useScope('renewal');
      await setLocale('es');
      await settle(el);
      expect(text(el)).to.contain('Ya renovó su plan');
      expect(text(el)).not.to.contain('hasta que elija un plan nuevo');
    } finally {
      await setLocale('en');
    }
  });

  it('a renewal queued for a plan this session sent (its answer lost, then a reload of the tab) is this session\'s: on to the done screen', async () => {
    const api = () => new FakeApi().on('getLocation', async () => at({ eligibility: 'already_renewed', opens_on: '2029-11-05' }, { queued_contract: queued }));
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_t', locale: null }));
    try {
      // Queued by someone else (another tab, another link): said, and Close is an exit.
      const markSent = (plan: string) => sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_t', sent: [...sentRenewals(), plan] }));
      markSent('00000000-0000-4000-8000-0000000000ff');
      const other = await mount<SfStepRenewal>(api().api, html`<sf-step-renewal .account=${active} .draft=${{}}></sf-step-renewal>`);
      await until(() => text(other).includes('You have already renewed'));
      markSent(queued.plan_uuid);
      expect(sentRenewals()).to.deep.equal(['00000000-0000-4000-8000-0000000000ff', queued.plan_uuid]);
      const done = new Promise<CustomEvent>((resolve) => document.addEventListener('sf-step-complete', (e) => resolve(e as CustomEvent), { once: true }));
      await mount<SfStepRenewal>(api().api, html`<sf-step-renewal .account=${active} .draft=${{}}></sf-step-renewal>`);
      expect((await done).detail).to.deep.include({ step: 'renewal', data: { renewed: true } });
    } finally {
      sessionStorage.removeItem(SESSION_KEY);
    }
  });

  it('not active, or not enrolled: says renewal comes once service is active', async () => {
    const api = new FakeApi().on('getLocation', async () => at({ eligibility: 'not_active', opens_on: '2029-11-05' }));
    const scheduled = makeAccount({ status: 'scheduled', status_reason: 'service_pending', location_uuid: base.uuid } as never);
    const el = await mount<SfStepRenewal>(api.api, html`<sf-step-renewal .account=${scheduled} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(el).includes('Renewal is not available yet'));
    // Where it stands says the start the plan above shows.
    await until(() => text(el).includes('Service starts on January 5, 2027.'));
    const none = await mount<SfStepRenewal>(new FakeApi().api, html`<sf-step-renewal .account=${makeAccount()} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(none).includes('There is no plan to renew yet'));
    await expect(none).to.be.accessible();
  });

  it('a cancelled account (its service ended) is not told it can renew once service is active, nor that it is on month-to-month service', async () => {
    const cancelled = makeAccount({ status: 'cancelled', status_reason: 'cancelled_post_start', location_uuid: base.uuid } as never, { is_enrollment_finalized: true });
    // The service reports the contract ended on the last day of service.
    const ended = { ...base.contract, end_date: '2029-06-30', status: 'expired' as const };
    const api = new FakeApi().on('getLocation', async () => at({ eligibility: 'not_active', opens_on: '2029-11-05' }, { contract: ended }));
    const el = await mount<SfStepRenewal>(api.api, html`<sf-step-renewal .account=${cancelled} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(el).includes('There is no plan to renew'));
    expect(text(el)).to.contain('your electricity service with us has ended');
    expect(text(el)).not.to.contain('once your electricity service is active');
    expect(text(el)).not.to.contain('month-to-month');
    expect(text(el)).to.contain('June 30, 2029');
  });

  it('a lost answer offers Try again', async () => {
    let fail = true;
    const api = new FakeApi().on('getLocation', async () => {
      if (fail) throw apiError(503, 'unavailable');
      return at({ eligibility: 'eligible', opens_on: '2029-11-05' });
    });
    const el = await mount<SfStepRenewal>(api.api, html`<sf-step-renewal .account=${active} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(el).includes('Something went wrong on our side'));
    fail = false;
    button(el, 'Try again').click();
    await until(() => text(el).includes('You can renew now'));
  });

  it('a refusal reading the plan (its location not found) is said in the customer\'s words, with Close', async () => {
    const api = new FakeApi().on('getLocation', async () => {
      throw apiError(404, 'not_found');
    });
    const el = await mount<SfStepRenewal>(api.api, html`<sf-step-renewal .account=${active} .draft=${{}}></sf-step-renewal>`);
    await until(() => text(el).includes('We could not find the details of your electricity service.'));
    expect(text(el)).not.to.contain('The service could not accept this');
    expect(text(el)).not.to.contain('Try again');
    const exit = oneEvent(el, 'sf-exit-request');
    button(el, 'Close').click();
    await exit;
  });
});

describe('sf-step-renewal-plans', () => {
  const plans = [fixedPlan(1), fixedPlan(2)];

  const mountPlans = (api: FakeApi) =>
    mount<SfStepRenewalPlans>(api.api, html`<sf-step-renewal-plans .account=${active} .draft=${{}}></sf-step-renewal-plans>`);

  /** Chooses a plan (the first unless told), ticks the terms and presses "Renew with this plan"; the acceptance form. */
  async function renew(el: SfStepRenewalPlans, index = 0) {
    const accept = await choose(el, index);
    q<HTMLInputElement>(accept, '#terms').click();
    await settle(accept);
    button(accept, 'Renew with this plan').click();
    return accept;
  }

  async function choose(el: SfStepRenewalPlans, index = 0) {
    await until(() => el.shadowRoot!.querySelectorAll('sf-plan-card').length === plans.length);
    const card = el.shadowRoot!.querySelectorAll('sf-plan-card')[index]!;
    await (card as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    button(card, 'Choose this plan').click();
    await until(() => qMaybe(el, 'sf-plan-accept') !== null);
    const accept = q(el, 'sf-plan-accept');
    await settle(accept);
    return accept;
  }

  it('shows the renewal plans on the enrollment plan card with their documents, the start date and terms; Renew queues it', async () => {
    const api = new FakeApi()
      .on('listRenewalPlans', async () => plans)
      .on('acceptRenewal', async () => at({ eligibility: 'already_renewed', opens_on: '2029-11-05' }, { queued_contract: queued }));
    const el = await mountPlans(api);
    const accept = await choose(el);
    expect(api.callsOf('listRenewalPlans')[0]!.args[0]).to.equal(base.uuid);
    const card = el.shadowRoot!.querySelector('sf-plan-card')!;
    expect([...card.shadowRoot!.querySelectorAll('a')].map((a) => a.href)).to.deep.equal([plans[0]!.links.efl, plans[0]!.links.tos, plans[0]!.links.yrac].map((u) => `${u}?locale=en`));
    expect(text(accept)).to.contain('Your new plan starts on January 5, 2030, the day after your current contract ends.');
    expect(qMaybe(accept, 'input[type=date]')).to.equal(null);
    const renew = button(accept, 'Renew with this plan');
    expect(renew.disabled, 'reachable by Tab').to.equal(false);
    await expect(el).to.be.accessible();
    q<HTMLInputElement>(accept, '#terms').click();
    await settle(accept);
    const done = oneEvent(el, 'sf-step-complete');
    button(accept, 'Renew with this plan').click();
    const detail = (await done).detail;
    expect(detail.step).to.equal('renewal-plans');
    expect(detail.data).to.deep.equal({ renewed: true });
    const call = api.callsOf('acceptRenewal')[0]!;
    expect(call.args[0]).to.equal(base.uuid);
    expect(call.args[1]).to.deep.equal({ plan_uuid: plans[0]!.uuid, terms_accepted: true, start_date: '2030-01-05' });
    expect(call.idempotencyKey).to.be.a('string');
  });

  it('Back is a completion the renewal scope routes to the current plan (its steps are not numbered: the root has no Back for them)', async () => {
    const api = new FakeApi().on('listRenewalPlans', async () => plans);
    const el = await mountPlans(api);
    await until(() => el.shadowRoot!.querySelectorAll('sf-plan-card').length === plans.length);
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Back').click();
    expect((await done).detail).to.deep.include({ step: 'renewal-plans', data: { back: true } });
  });

  /** Mounts the plans step with one month-to-month offer and chooses it: the acceptance form with its date field. */
  async function chooseMonthToMonth(api: FakeApi) {
    const el = await mountPlans(api);
    await until(() => el.shadowRoot!.querySelectorAll('sf-plan-card').length === 1);
    const card = el.shadowRoot!.querySelector('sf-plan-card')!;
    await (card as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    button(card, 'Choose this plan').click();
    await until(() => qMaybe(el, 'sf-plan-accept', 'input[type=date]') !== null);
    return el;
  }

  it('month-to-month: a date field bounded by the offered window', async () => {
    const m2m = makePlan({ name: 'Flex', earliest_start_date: '2030-03-02', latest_start_date: '2030-03-31' });
    const api = new FakeApi().on('listRenewalPlans', async () => [m2m]);
    const el = await chooseMonthToMonth(api);
    const input = q<HTMLInputElement>(el, 'sf-plan-accept', 'input[type=date]');
    expect(input.min).to.equal('2030-03-02');
    expect(input.max).to.equal('2030-03-31');
  });

  it('a retry after a lost answer reuses the Idempotency-Key; a fixed start date refused (the day after the end has come) reads the plans again', async () => {
    let attempt = 0;
    const api = new FakeApi().on('listRenewalPlans', async () => plans).on('acceptRenewal', async () => {
      attempt += 1;
      if (attempt === 1) throw apiError(503, 'unavailable');
      throw apiError(422, 'unprocessable', [{ field: 'start_date', code: 'range', message: 'start_date must be 2030-01-05' }]);
    });
    const el = await mountPlans(api);
    const accept = await renew(el);
    await until(() => text(el).includes('Something went wrong on our side'));
    button(el, 'Try again').click();
    // No date field to choose another in (a one-day window): not "Choose a date from January 5 to January 5".
    await until(() => text(el).includes('Prices changed since you opened this page'));
    expect(text(accept)).not.to.contain('This start date is no longer available');
    expect(api.callsOf('listRenewalPlans')).to.have.length(2);
    const [first, second] = api.callsOf('acceptRenewal');
    expect(second!.idempotencyKey).to.equal(first!.idempotencyKey);
  });


  it('"Try again" pressed twice (a double click on a slow service): one acceptance on its way, the plans not read again under it', async () => {
    const slow = deferred<Location>();
    let round = 0;
    const api = new FakeApi().on('listRenewalPlans', async () => plans).on('acceptRenewal', () => {
      round += 1;
      return round === 1 ? Promise.reject(apiError(503, 'unavailable')) : slow.promise;
    });
    const el = await mountPlans(api);
    await renew(el);
    await until(() => text(el).includes('Try again'));
    const again = button(el, 'Try again');
    again.click();
    again.click();
    await settle(el);
    expect(api.callsOf('acceptRenewal'), 'one acceptance repeated').to.have.length(2);
    expect(api.callsOf('listRenewalPlans'), 'the plans (and the form on screen) not reloaded while it runs').to.have.length(1);
    expect(el.shadowRoot!.querySelectorAll('sf-plan-card').length, 'the plans stay on screen').to.equal(plans.length);
    const done = oneEvent(el, 'sf-step-complete');
    slow.resolve(at({ eligibility: 'already_renewed', opens_on: '2029-11-05' }, { queued_contract: queued }));
    expect((await done).detail.data).to.deep.equal({ renewed: true });
  });

  it('"Try again" after a failed acceptance does not renew with terms the customer has since unticked', async () => {
    const api = new FakeApi().on('listRenewalPlans', async () => plans).on('acceptRenewal', async () => {
      throw apiError(503, 'unavailable');
    });
    const el = await mountPlans(api);
    const accept = await renew(el);
    await until(() => text(el).includes('Try again'));
    const terms = q<HTMLInputElement>(accept, '#terms');
    terms.click();
    await settle(accept);
    expect(terms.checked).to.equal(false);
    await tryAgainIfOffered(el);
    expect(api.callsOf('acceptRenewal'), 'no renewal sent with terms_accepted: true once the box is unticked').to.have.length(1);
  });

  it('month-to-month: "Try again" after a failed acceptance renews from the date on screen, not the one from before', async () => {
    const m2m = makePlan({ name: 'Flex', earliest_start_date: '2030-03-02', latest_start_date: '2030-03-31' });
    let fail = true;
    const api = new FakeApi().on('listRenewalPlans', async () => [m2m]).on('acceptRenewal', async () => {
      if (fail) throw apiError(503, 'unavailable');
      return at({ eligibility: 'already_renewed', opens_on: '2030-01-30' }, { queued_contract: queued });
    });
    const el = await chooseMonthToMonth(api);
    const accept = q(el, 'sf-plan-accept');
    q<HTMLInputElement>(accept, '#terms').click();
    await settle(accept);
    button(accept, 'Renew with this plan').click();
    await until(() => text(el).includes('Try again'));
    type(q<HTMLInputElement>(accept, '#start'), '2030-03-20', { change: true });
    await settle(accept);
    fail = false;
    await tryAgainIfOffered(el);
    const sent = api.callsOf('acceptRenewal').slice(1).map((c) => (c.args[1] as { start_date: string }).start_date);
    expect(sent.every((d) => d === '2030-03-20'), `renewed from ${JSON.stringify(sent)} while the form says 2030-03-20`).to.equal(true);
    // The form's own button renews from what it shows.
    const done = oneEvent(el, 'sf-step-complete');
    button(accept, 'Renew with this plan').click();
    await done;
    expect((api.callsOf('acceptRenewal').at(-1)!.args[1] as { start_date: string }).start_date).to.equal('2030-03-20');
  });

  it('month-to-month: the date is the new plan\'s start (the service runs), and one outside the window goes to the date field', async () => {
    const m2m = makePlan({ name: 'Flex 12', earliest_start_date: '2030-03-02', latest_start_date: '2030-03-31' });
    const api = new FakeApi().on('listRenewalPlans', async () => [m2m]).on('acceptRenewal', async () => {
      throw apiError(422, 'unprocessable', [{ field: 'start_date', code: 'range', message: 'x' }]);
    });
    const el = await chooseMonthToMonth(api);
    const accept = q(el, 'sf-plan-accept');
    const input = q<HTMLInputElement>(accept, 'input[type=date]');
    expect(text(q(accept, 'label[for="start"]'))).to.equal('New plan start date');
    type(input, '2030-04-15', { change: true });
    q<HTMLInputElement>(accept, '#terms').click();
    await settle(accept);
    button(accept, 'Renew with this plan').click();
    await until(() => text(accept).includes('Choose a date in that range'));
    expect(text(accept)).to.contain('Your new plan can start from March 2, 2030 to March 31, 2030.');
    expect(text(accept)).not.to.contain('Your service can start');
    expect(api.callsOf('acceptRenewal'), 'a date outside the window is not sent').to.have.length(0);
    try {
      await useScope('renewal');
      await setLocale('es');
      await settle(accept);
      expect(text(q(accept, 'label[for="start"]'))).to.equal('Fecha de inicio del plan nuevo');
    } finally {
      await setLocale('en');
    }
  });

  // The page's window is the offer's as priced: the service refuses a date in it only when that day has come (time
  // moved: the page was left open overnight, the sandbox clock was advanced). Told "Choose a date from March 2 to
  // March 31" after choosing March 2, the customer could only send the refused date again; the offers are read again.
  it('month-to-month: a date in the offered window refused (that day has come) reads the current offers, never the window that allowed it', async () => {
    const before = makePlan({ name: 'Flex 12', earliest_start_date: '2030-03-02', latest_start_date: '2030-03-31' });
    const now = makePlan({ name: 'Flex 12', earliest_start_date: '2030-03-04', latest_start_date: '2030-04-02' });
    let reads = 0;
    const api = new FakeApi()
      .on('listRenewalPlans', async () => (reads++ === 0 ? [before] : [now]))
      .on('acceptRenewal', async () => {
        throw apiError(422, 'unprocessable', [{ field: 'start_date', code: 'range', message: 'start_date must be between 2030-03-04 and 2030-03-31' }]);
      });
    const el = await chooseMonthToMonth(api);
    const accept = q(el, 'sf-plan-accept');
    type(q<HTMLInputElement>(accept, '#start'), '2030-03-02', { change: true });
    q<HTMLInputElement>(accept, '#terms').click();
    await settle(accept);
    button(accept, 'Renew with this plan').click();
    await until(() => api.callsOf('acceptRenewal').length === 1 && reads === 2, 'the offers read again');
    await until(() => text(el).includes('Prices changed since you opened this page'));
    expect(text(el)).not.to.contain('This start date is no longer available. Choose a date from March 2, 2030');
    const card = el.shadowRoot!.querySelector('sf-plan-card')!;
    await (card as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    button(card, 'Choose this plan').click();
    await until(() => qMaybe(el, 'sf-plan-accept', 'input[type=date]') !== null);
    expect(q<HTMLInputElement>(el, 'sf-plan-accept', 'input[type=date]').min).to.equal('2030-03-04');
  });

  /** The plans, and an acceptance the service refuses with `error`. */
  const refusingAccept = (error: () => Error) =>
    new FakeApi().on('listRenewalPlans', async () => plans).on('acceptRenewal', async () => {
      throw error();
    });
  const alreadyRenewed = () => apiError(422, 'unprocessable', [{ field: 'queued_contract', code: 'already_renewed', message: 'x' }]);
  const queuedPlan = (n: number) => at({ eligibility: 'already_renewed', opens_on: '2029-11-05' }, { queued_contract: { ...queued, plan_uuid: plans[n]!.uuid } });

  it('a 422 already_renewed from accept names the plan the service has queued (read again), with Close', async () => {
    // Another plan is queued (an earlier acceptance whose answer was lost, or another tab).
    const api = refusingAccept(() => alreadyRenewed()).on('getLocation', async () => queuedPlan(1));
    const el = await mountPlans(api);
    await renew(el);
    await until(() => text(el).includes('You have already renewed'));
    expect(text(el)).to.contain('Your new plan, Lone Star Saver 6, is queued: it starts on January 5, 2030.');
    expect(api.callsOf('getLocation')[0]!.args[0]).to.equal(base.uuid);
    expect(qMaybe(el, 'sf-plan-card')).to.equal(null);
    const exit = oneEvent(el, 'sf-exit-request');
    button(el, 'Close').click();
    await exit;
  });

  it('a 422 already_renewed is still said when the location cannot be read', async () => {
    const api = refusingAccept(() => alreadyRenewed()).on('getLocation', async () => {
      throw apiError(503, 'unavailable');
    });
    const el = await mountPlans(api);
    await renew(el);
    await until(() => text(el).includes('A renewal is already queued for your address.'));
  });

  it('a 422 already_renewed for the very plan accepted (its answer was lost before) is the renewal done', async () => {
    const api = refusingAccept(() => alreadyRenewed()).on('getLocation', async () => queuedPlan(0));
    const el = await mountPlans(api);
    const done = oneEvent(el, 'sf-step-complete');
    await renew(el);
    expect((await done).detail.data).to.deep.equal({ renewed: true });
    expect(text(el)).not.to.contain('You have already renewed');
  });

  it('an acceptance whose answer was lost, then another plan refused as already renewed: Close completes (the renewal is this session\'s)', async () => {
    let attempt = 0;
    const api = new FakeApi()
      .on('listRenewalPlans', async () => plans)
      .on('acceptRenewal', async () => {
        attempt += 1;
        throw attempt === 1 ? apiError(503, 'unavailable') : alreadyRenewed();
      })
      .on('getLocation', async () => queuedPlan(0));
    const el = await mountPlans(api);
    await renew(el);
    await until(() => text(el).includes('Something went wrong on our side'));
    await renew(el, 1);
    await until(() => text(el).includes('You have already renewed'));
    expect(text(el)).to.contain(`Your new plan, ${plans[0]!.name}, is queued`);
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Close').click();
    expect((await done).detail.data).to.deep.equal({ renewed: true, said: true });
  });

  it('a plan sent before a reload of the page (kept beside the stored session), then refused as already renewed: Close completes', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_t', sent: [plans[0]!.uuid] }));
    try {
      const api = refusingAccept(() => alreadyRenewed()).on('getLocation', async () => queuedPlan(0));
      const el = await mountPlans(api);
      await renew(el, 1);
      await until(() => text(el).includes('You have already renewed'));
      const done = oneEvent(el, 'sf-step-complete');
      button(el, 'Close').click();
      expect((await done).detail.data).to.deep.equal({ renewed: true, said: true });
    } finally {
      sessionStorage.clear();
    }
  });

  it('leaving after an acceptance whose answer was lost reads the location: the renewal queued is told as done, not left', async () => {
    const api = new FakeApi()
      .on('listRenewalPlans', async () => plans)
      .on('acceptRenewal', async () => Promise.reject(apiError(503, 'unavailable')))
      .on('getLocation', async () => queuedPlan(0));
    const el = await mountPlans(api);
    await renew(el);
    await until(() => text(el).includes('Something went wrong on our side'));
    let completed: unknown;
    el.addEventListener('sf-step-complete', (e) => (completed = (e as CustomEvent).detail.data));
    // The root fires it on its shadow root (its close button, or "Not now"); mounted in the document here.
    const sent: Array<Promise<unknown>> = [];
    document.dispatchEvent(new CustomEvent('sf-leaving', { detail: sent }));
    await Promise.all(sent);
    expect(completed).to.deep.equal({ renewed: true });
    expect(api.callsOf('acceptRenewal'), 'nothing is sent again on the way out').to.have.length(1);

    // The location shows no renewal of this session's: leaving is left to go on as it was.
    const none = new FakeApi()
      .on('listRenewalPlans', async () => plans)
      .on('acceptRenewal', async () => Promise.reject(apiError(503, 'unavailable')))
      .on('getLocation', async () => at({ eligibility: 'eligible', opens_on: '2029-11-05' }));
    const other = await mountPlans(none);
    await renew(other);
    await until(() => text(other).includes('Something went wrong on our side'));
    let again = false;
    other.addEventListener('sf-step-complete', () => (again = true));
    const more: Array<Promise<unknown>> = [];
    document.dispatchEvent(new CustomEvent('sf-leaving', { detail: more }));
    await Promise.all(more);
    expect(again).to.equal(false);
  });

  it('a 422 not_yet_eligible on reading the plans is said in plain words', async () => {
    const api = new FakeApi().on('listRenewalPlans', async () => {
      throw apiError(422, 'unprocessable', [{ field: 'contract.end_date', code: 'not_yet_eligible', message: 'x' }]);
    });
    const el = await mountPlans(api);
    await until(() => text(el).includes('It is too early to renew'));
    await expect(el).to.be.accessible();
  });

  it('a 422 not_yet_eligible says from when renewal opens, as the location read again has it', async () => {
    const api = new FakeApi().on('listRenewalPlans', async () => {
      throw apiError(422, 'unprocessable', [{ field: 'contract.end_date', code: 'not_yet_eligible', message: 'x' }]);
    }).on('getLocation', async () => at({ eligibility: 'not_yet_eligible', opens_on: '2029-11-05' }));
    const el = await mountPlans(api);
    await until(() => text(el).includes('Renewal plans are offered from November 5, 2029'));
  });

  it('terms refused by the service: said in the language on screen, also after a switch', async () => {
    const api = refusingAccept(() => apiError(422, 'unprocessable', [{ field: 'terms_accepted', code: 'must_be_true', message: 'x' }]));
    const el = await mountPlans(api);
    await renew(el);
    await until(() => text(el).includes('Check the box to accept the plan.'));
    try {
      await useScope('renewal');
      await setLocale('es');
      await el.updateComplete;
      expect(text(el)).to.contain('Marque la casilla para aceptar el plan.');
      expect(text(el)).not.to.contain('Check the box');
    } finally {
      await setLocale('en');
    }
  });

  it('an expired offer reloads the plans', async () => {
    const api = refusingAccept(() => apiError(422, 'unprocessable', [{ field: 'plan_uuid', code: 'range', message: 'expired' }]));
    const el = await mountPlans(api);
    await renew(el);
    await until(() => text(el).includes('Prices changed since you opened this page'));
    expect(api.callsOf('listRenewalPlans')).to.have.length(2);
  });

  it('"Prices changed" goes once a plan of the current ones is chosen (it said "choose again": that is done)', async () => {
    const api = refusingAccept(() => apiError(422, 'unprocessable', [{ field: 'plan_uuid', code: 'range', message: 'expired' }]));
    const el = await mountPlans(api);
    await renew(el);
    await until(() => text(el).includes('Prices changed since you opened this page') && api.callsOf('listRenewalPlans').length === 2);
    await choose(el, 1);
    expect(text(el)).not.to.contain('Prices changed');
  });

  // 4.1.3: a role="status" paragraph inserted together with its sentence is not reliably read: "none" comes in the
  // region that said "Loading…", kept on the page.
  it('"No renewal plans are available right now" arrives in a live region that was already there', async () => {
    const location = makeLocation({ status: 'active', start_date: '2027-01-05', end_date: '2030-01-04' });
    const account = makeAccount({ status: 'active', status_reason: 'active', location_uuid: location.uuid } as never, { is_enrollment_finalized: true });
    const answer = deferred<Plan[]>();
    const fake = new FakeApi().on('listRenewalPlans', () => answer.promise);
    const el = await mount<SfStepRenewalPlans>(fake.api, html`<sf-step-renewal-plans .account=${account} .draft=${{}}></sf-step-renewal-plans>`);
    await until(() => text(el).includes('Loading the renewal plans'));
    const before = renderedLiveRegions(el.shadowRoot!);
    answer.resolve([]);
    await until(() => text(el).includes('No renewal plans are available right now'));
    const node = textNode(el.shadowRoot!, 'No renewal plans are available right now')!;
    const region = liveRegionOf(node.parentElement!);
    expect(region, 'the sentence is in no live region').to.not.equal(null);
    expect(before.has(region!), 'the sentence came in a new role="status" element inserted with its text: not announced').to.equal(true);
  });
});

describe('sf-step-renewal-done', () => {
  it('shows the queued contract and its documents (queued, among all documents), the account status, and Done', async () => {
    const doc = (type: Document['type'], status: Document['status'], n: number): Document => ({
      uuid: `00000000-0000-4000-8000-00000000000${n}`,
      type,
      title: type,
      plan_name: status === 'queued' ? 'Lone Star Saver 6' : 'Longhorn Lock 36',
      language: 'en',
      version: '2029.12-1',
      status,
      effective_date: status === 'queued' ? '2030-01-05' : '2027-01-05',
      url: `https://sandbox.example/documents/${n}.pdf`,
    });
    const api = new FakeApi()
      .on('getLocation', async () => at({ eligibility: 'already_renewed', opens_on: '2029-11-05' }, { queued_contract: queued }))
      .on('listAllDocuments', async () => ({ data: [doc('efl', 'active', 1), doc('efl', 'queued', 2), doc('tos', 'queued', 3), doc('yrac', 'queued', 4)] }));
    const el = await mount<SfStepRenewalDone>(api.api, html`<sf-step-renewal-done .account=${active} .draft=${{}}></sf-step-renewal-done>`);
    await until(() => text(el).includes('Queued: takes effect on January 5, 2030'));
    const shown = text(el);
    expect(shown).to.contain('Lone Star Saver 6 is queued: it starts on January 5, 2030');
    expect(shown).to.contain('They now appear among all your documents');
    expect(q(el, 'sf-document-list').shadowRoot!.querySelectorAll('a')).to.have.length(3);
    expect(qMaybe(el, 'sf-account-status')).not.to.equal(null);
    await expect(el).to.be.accessible();
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Done').click();
    expect((await done).detail.step).to.equal('renewal-done');
  });

  it('a lost read after the renewal says the renewal is saved, only its details could not be shown, with Try again', async () => {
    let fail = true;
    const api = new FakeApi()
      .on('getLocation', async () => {
        if (fail) throw apiError(503, 'unavailable');
        return at({ eligibility: 'already_renewed', opens_on: '2029-11-05' }, { queued_contract: queued });
      })
      .on('listAllDocuments', async () => ({ data: [] }));
    const el = await mount<SfStepRenewalDone>(api.api, html`<sf-step-renewal-done .account=${active} .draft=${{}}></sf-step-renewal-done>`);
    await until(() => text(el).includes('Your renewal is saved, but we could not show its details just now.'));
    expect(text(el)).not.to.contain('Something went wrong');
    fail = false;
    button(el, 'Try again').click();
    await until(() => text(el).includes('Lone Star Saver 6 is queued'));
    expect(text(el)).not.to.contain('could not show');
  });

  it('a 404 of the location after the renewal: the service details are gone, in words, not the service\'s English', async () => {
    const api = new FakeApi()
      .on('getLocation', async () => {
        throw apiError(404, 'not_found');
      })
      .on('listAllDocuments', async () => ({ data: [] }));
    const el = await mount<SfStepRenewalDone>(api.api, html`<sf-step-renewal-done .account=${active} .draft=${{}}></sf-step-renewal-done>`);
    await until(() => text(el).includes('We could not find the details of your electricity service.'));
    expect(text(el)).not.to.contain('The service could not accept this');
    await expect(el).to.be.accessible();
  });

  it('a month-to-month renewal starts on the date chosen, not "when your current contract ends"', async () => {
    const ended = { ...base.contract, status: 'expired' as const };
    const later = { ...queued, start_date: '2030-02-10', end_date: '2030-08-09' };
    const api = new FakeApi()
      .on('getLocation', async () => at({ eligibility: 'already_renewed', opens_on: '2029-11-05' }, { contract: ended, queued_contract: later }))
      .on('listAllDocuments', async () => ({ data: [] }));
    const el = await mount<SfStepRenewalDone>(api.api, html`<sf-step-renewal-done .account=${active} .draft=${{}}></sf-step-renewal-done>`);
    await until(() => text(el).includes('Lone Star Saver 6 is queued'));
    expect(text(el)).to.contain('Lone Star Saver 6 is queued: it starts on February 10, 2030. Until then your month-to-month service continues.');
    expect(text(el)).not.to.contain('when your current contract ends');
  });
});
