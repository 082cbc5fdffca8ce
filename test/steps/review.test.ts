import { expect, html, oneEvent } from '@open-wc/testing';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';
import '../../src/steps/review/review.js';
import type { SfStepReview } from '../../src/steps/review/review.js';
import type { StepCompleteEvent } from '../../src/contract/events.js';
import type { Account } from '../../src/api/types.js';
import { ADDRESS_RESULT, FakeApi, apiError, button, deferred, detach, makeAccount, makeLocation, mount, pressable, settle, text, until } from './harness.js';
import { addDays, formatDate, todayYmd } from '../../src/ui/format.js';
import { AttemptKey } from '../../src/api/attempt-key.js';
import { ApiError } from '../../src/api/errors.js';
import { setLocale } from '../../src/i18n/localization.js';

const READY = makeAccount(
  { service_address: ADDRESS_RESULT, phone: '+15125550100' } as never,
  { has_accepted_plan: true, is_identity_verified: true, has_payment_method: true, can_finalize_enrollment: true },
);
const FINALIZED = makeAccount({ service_address: ADDRESS_RESULT } as never, { is_enrollment_finalized: true });
const CARD = { type: 'STRIPE_CARD', card_brand: 'mastercard', card_last4: '4444', card_exp_month: 1, card_exp_year: 2032, card_postal_code: null };
const PLAN = { uuid: 'p1', name: 'Lone Star 12', term_months: 12, energy_rate_cents_per_kwh: '13.9', start_date: '2030-01-20' };

function reviewApi(account: Account = READY): FakeApi {
  return new FakeApi()
    .on('getAccount', async () => account)
    .on('getPaymentMethod', async () => CARD as never)
    .on('finalize', async () => undefined);
}

async function mountReview(fake: FakeApi, draft: Record<string, unknown> = {}, account: Account = READY) {
  const el = await mount<SfStepReview>(
    fake.api,
    html`<sf-step-review .account=${account} .draft=${draft} .acceptedPlan=${PLAN}></sf-step-review>`,
  );
  await until(() => text(el).includes('Service address') || text(el).includes('Before you can submit'));
  await settle(el);
  return el;
}

describe('sf-step-review', () => {
  it('re-reads the account and summarizes without sensitive data', async () => {
    const fake = reviewApi();
    const el = await mountReview(fake);
    expect(fake.callsOf('getAccount')).to.have.length(1);
    const shown = text(el);
    expect(shown).to.contain('1200 Main St');
    expect(shown).to.contain(ADDRESS_RESULT.esi_id);
    expect(shown).to.contain('Lone Star 12');
    expect(shown).to.contain('January 20, 2030');
    expect(shown).to.contain('Pat Doe');
    expect(shown).to.contain('Mastercard ending in 4444');
    expect(shown).not.to.contain('1985');
    await expect(el).to.be.accessible();
  });

  it('lists what is missing with a button for each', async () => {
    const incomplete = makeAccount({ service_address: ADDRESS_RESULT } as never, { has_accepted_plan: true });
    const fake = reviewApi(incomplete);
    const el = await mountReview(fake, {}, incomplete);
    const shown = text(el);
    expect(shown).to.contain('Before you can submit');
    expect(shown).to.contain('Your personal details are missing.');
    expect(shown).to.contain('No card is saved for auto-pay.');
    expect(shown).not.to.contain('You have not accepted a plan');
    expect(el.shadowRoot!.querySelector('button.primary')).to.equal(null);
    await expect(el).to.be.accessible();

    const go = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Add a card').click();
    const event = await go;
    expect(event.detail.step).to.equal('review');
    expect(event.detail.data?.goTo).to.equal('payment');
    expect(fake.callsOf('finalize')).to.have.length(0);
  });

  it('finalizes exactly once on a double click, with the key kept in the draft', async () => {
    const gate = deferred<void>();
    const fake = reviewApi().on('finalize', () => gate.promise);
    const draft: Record<string, unknown> = {};
    const el = await mountReview(fake, draft);
    const submit = button(el, 'Submit enrollment');
    submit.focus();
    submit.click();
    submit.click();
    submit.dispatchEvent(new MouseEvent('click', { bubbles: true })); // even if the attribute lagged
    await settle(el);
    // Unavailable while it runs, and said so, but not disabled: the button pressed keeps focus, where a disabled one
    // would drop it to the page (the next Tab from the top, a screen reader lost).
    expect(submit.getAttribute('aria-disabled')).to.equal('true');
    expect(el.shadowRoot!.activeElement === submit, 'focus stays on the button pressed').to.equal(true);
    expect(document.activeElement === document.body, 'focus lost to the page').to.equal(false);
    expect(fake.callsOf('finalize')).to.have.length(1);
    expect(fake.callsOf('finalize')[0]!.idempotencyKey).to.be.a('string');
    expect(draft.finalizeKey, 'the key is kept in the draft').to.be.instanceOf(AttemptKey);
    expect(fake.callsOf('finalize')[0]!.body, 'no client agent flag').to.deep.equal({});

    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    gate.resolve();
    const event = await done;
    expect(event.detail.data?.finalized).to.equal(true);
    expect(fake.callsOf('finalize')).to.have.length(1);
    await settle(el);
    expect(button(el, 'Submit enrollment').disabled, 'finalized: nothing left to submit').to.equal(true);
    button(el, 'Submit enrollment').click();
    expect(fake.callsOf('finalize'), 'pressed again once finalized: nothing').to.have.length(1);
  });

  it('retries a failed finalize with the same key, also from a new element on the same draft', async () => {
    let fail = true;
    const fake = reviewApi().on('finalize', async () => {
      if (fail) throw apiError(503, 'unavailable');
    });
    const draft: Record<string, unknown> = {};
    const el = await mountReview(fake, draft);
    button(el, 'Submit enrollment').click();
    await until(() => text(el).includes('Try again'));
    button(el, 'Try again').click();
    await until(() => fake.callsOf('finalize').length === 2);
    const again = await mountReview(fake, draft);
    await until(() => pressable(button(again, 'Submit enrollment')));
    fail = false;
    const done = oneEvent(again, 'sf-step-complete');
    button(again, 'Submit enrollment').click();
    await done;
    const keys = fake.callsOf('finalize').map((c) => c.idempotencyKey);
    expect(new Set(keys).size).to.equal(1);
  });

  it('on 422 re-reads the account and says what is missing', async () => {
    const removed = makeAccount({ service_address: ADDRESS_RESULT } as never, { has_accepted_plan: true, is_identity_verified: true });
    let reads = 0;
    const fake = reviewApi()
      .on('getAccount', async () => (reads++ === 0 ? READY : removed))
      .on('finalize', async () => {
        throw apiError(422, 'cannot_finalize_enrollment', [{ field: 'enrollment.has_payment_method', code: 'must_be_true', message: '' }]);
      });
    const el = await mountReview(fake);
    button(el, 'Submit enrollment').click();
    await until(() => text(el).includes('We could not submit your enrollment yet'));
    expect(text(el)).to.contain('No card is saved for auto-pay.');
    expect(el.shadowRoot!.querySelector('[role="alert"]')).not.to.equal(null);
    expect(fake.callsOf('getAccount')).to.have.length(2);
  });

  it('finalizes client-agent enrollments as such', async () => {
    const fake = reviewApi();
    const el = await mount<SfStepReview>(
      fake.api,
      html`<sf-step-review .account=${READY} .draft=${{}} .clientAgent=${true}></sf-step-review>`,
    );
    await until(() => text(el).includes('Submit enrollment'));
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Submit enrollment').click();
    await done;
    expect(fake.callsOf('finalize')[0]!.args[0]).to.deep.equal({ is_client_agent_enrollment: true });
  });

  it('finalizes as the plan was accepted when the service says otherwise (is_client_agent_enrollment), with no second acceptance', async () => {
    // Power of attorney recorded, yet the customer accepted the plan in this session before the preapproval was
    // complete: the account now looks like a client agent enrollment, and finalize says how the plan really was accepted.
    const poa = makeAccount(
      { service_address: ADDRESS_RESULT, client_agent_accepted: true } as never,
      { has_accepted_plan: true, is_identity_verified: true, is_credit_check_submitted: true, has_payment_method: true, can_finalize_enrollment: true },
    );
    for (const [code, first, second] of [
      ['range', { is_client_agent_enrollment: true }, {}],
      ['must_be_true', {}, { is_client_agent_enrollment: true }],
    ] as const) {
      let refused = false;
      const fake = reviewApi(poa).on('finalize', async () => {
        if (refused) return undefined;
        refused = true;
        throw new ApiError({ status: 422, code: 'unprocessable', message: 'Mismatch', fields: [{ field: 'is_client_agent_enrollment', code, message: 'Mismatch' }] });
      });
      const el = await mountReview(fake, {}, poa);
      if (code === 'must_be_true') el.clientAgent = false;
      const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
      button(el, 'Submit enrollment').click();
      expect((await done).detail.data, code).to.deep.equal({ finalized: true });
      const calls = fake.callsOf('finalize');
      expect(calls.map((c) => c.body), code).to.deep.equal([first, second]);
      expect(calls[0]!.idempotencyKey, 'another request, another key').not.to.equal(calls[1]!.idempotencyKey);
      expect(text(el)).not.to.contain('Your plan was accepted in a different way');
    }
  });

  it('a finalize sent again the way the service says (is_client_agent_enrollment) shows as running, "Submitting…", until it is answered', async () => {
    const poa = makeAccount(
      { service_address: ADDRESS_RESULT, client_agent_accepted: true } as never,
      { has_accepted_plan: true, is_identity_verified: true, is_credit_check_submitted: true, has_payment_method: true, can_finalize_enrollment: true },
    );
    const gate = deferred<void>();
    const fake = reviewApi(poa).on('finalize', async () => {
      if (fake.callsOf('finalize').length === 1) {
        throw new ApiError({ status: 422, code: 'unprocessable', message: 'Mismatch', fields: [{ field: 'is_client_agent_enrollment', code: 'range', message: 'Mismatch' }] });
      }
      await gate.promise;
      return undefined;
    });
    const el = await mountReview(fake, {}, poa);
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Submit enrollment').click();
    await until(() => fake.callsOf('finalize').length === 2, 'sent again');
    await settle(el);
    const submit = el.shadowRoot!.querySelector<HTMLButtonElement>('.actions .btn.primary')!;
    expect(`${submit.getAttribute('aria-busy')} ${text(submit)}`).to.equal('true Submitting…');
    gate.resolve();
    expect((await done).detail.data).to.deep.equal({ finalized: true });
  });

  it('moves on when the enrollment is already finalized', async () => {
    const fake = reviewApi(FINALIZED);
    const done = new Promise<StepCompleteEvent>((resolve) =>
      document.addEventListener('sf-step-complete', (e) => resolve(e as StepCompleteEvent), { once: true }),
    );
    await mount<SfStepReview>(fake.api, html`<sf-step-review .account=${FINALIZED} .draft=${{}}></sf-step-review>`);
    expect((await done).detail.data?.finalized).to.equal(true);
    expect(fake.callsOf('finalize')).to.have.length(0);
  });

  describe('with nothing remembered (a fresh link)', () => {
    const LOCATION = makeLocation();
    const ACCEPTED = { ...READY, location_uuid: LOCATION.uuid };

    async function mountFresh(fake: FakeApi) {
      const el = await mount<SfStepReview>(fake.api, html`<sf-step-review .account=${ACCEPTED} .draft=${{}}></sf-step-review>`);
      await until(() => text(el).includes('Service address'));
      await settle(el);
      return el;
    }

    it('names the plan, its terms and its start date from the location the service has', async () => {
      const fake = reviewApi(ACCEPTED).on('getLocation', async () => LOCATION);
      const el = await mountFresh(fake);
      const shown = text(el);
      expect(shown).to.contain('Bluebonnet Saver 24');
      expect(shown).to.contain('12.4¢/kWh, fixed for 24 months');
      expect(shown).to.contain('February 3, 2030');
      expect(shown).not.to.match(/Plan\s*Accepted/);
      const [call] = fake.callsOf('getLocation');
      expect(call!.args[0]).to.equal(LOCATION.uuid);
      expect(call!.signal, 'the load task passes its AbortSignal').to.be.instanceOf(AbortSignal);
      await expect(el).to.be.accessible();
    });

    it("prefers the service's plan to the one this tab remembers", async () => {
      const fake = reviewApi(ACCEPTED).on('getLocation', async () => LOCATION);
      const el = await mount<SfStepReview>(
        fake.api,
        html`<sf-step-review .account=${ACCEPTED} .draft=${{}} .acceptedPlan=${PLAN}></sf-step-review>`,
      );
      await until(() => text(el).includes('Bluebonnet Saver 24'));
      expect(text(el)).not.to.contain('Lone Star 12');
    });

    it('says the plan is accepted but its details are unavailable when the location cannot be read, and still submits', async () => {
      const fake = reviewApi(ACCEPTED).on('getLocation', async () => {
        throw apiError(503, 'unavailable');
      });
      const el = await mountFresh(fake);
      expect(text(el)).to.contain('Accepted. Its details could not be loaded right now.');
      expect(text(el)).not.to.contain('Start date');
      const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
      button(el, 'Submit enrollment').click();
      expect((await done).detail.data?.finalized).to.equal(true);
    });
  });

  it('a finalize refused with nothing missing (a cancelled account) says what happened and what to do, in our words, focus on the heading', async () => {
    const fake = reviewApi().on('finalize', async () => {
      throw new ApiError({ status: 422, code: 'unprocessable', message: 'The account is cancelled.', fields: [{ field: 'status', code: 'range', message: 'The account is cancelled.' }] });
    });
    const el = await mountReview(fake);
    button(el, 'Submit enrollment').click();
    await until(() => text(el).includes('Your enrollment was cancelled, so it can no longer be submitted.'));
    expect(text(el)).to.contain('To sign up again, go back to the app you came from and start over.');
    expect(text(el)).not.to.contain('The account is cancelled.');
    expect(el.shadowRoot!.querySelector('.refusal [lang="en"]')).to.equal(null);
    expect(fake.callsOf('getAccount')).to.have.length(2);
    await until(() => el.shadowRoot!.activeElement?.id === 'step-heading', 'focus on the heading');
  });

  describe('a finalize refused (422) with nothing missing, for each reason of the contract', () => {
    afterEach(() => setLocale('en'));

    const refuse = (code: string, field?: string, message = 'The service\'s own sentence') => () =>
      Promise.reject(new ApiError({ status: 422, code, message, fields: field ? [{ field, code: 'range', message }] : [] }));

    it('says each in clear words in English and in Spanish, never the service\'s English sentence', async () => {
      const cases: [() => Promise<never>, string, string][] = [
        [refuse('unprocessable', 'status'), 'Your enrollment was cancelled', 'Su inscripción se canceló'],
        [refuse('unprocessable', 'Idempotency-Key'), 'Close this window, open it again from the app you came from', 'Cierre esta ventana'],
        [refuse('cannot_finalize_enrollment'), 'Check the details below, then submit again.', 'Revise los datos a continuación'],
      ];
      for (const [finalize, english, spanish] of cases) {
        for (const [locale, words] of [['en', english], ['es', spanish]] as const) {
          await setLocale(locale);
          const el = await mount<SfStepReview>(reviewApi().on('finalize', finalize).api, html`<sf-step-review .account=${READY} .draft=${{}}></sf-step-review>`);
          await until(() => el.shadowRoot!.querySelector('.actions .btn.primary:not([disabled])') !== null, `${locale}: Submit`);
          el.shadowRoot!.querySelector<HTMLButtonElement>('.actions .btn.primary')!.click();
          await until(() => text(el).includes(words), `${locale}: ${words}`);
          expect(text(el)).not.to.contain('The service\'s own sentence');
          await expect(el).to.be.accessible();
        }
      }
    });

    it('a plan accepted in another way than this session submits (is_client_agent_enrollment): the way is accepting a plan again here', async () => {
      for (const code of ['must_be_true', 'range']) {
        const fake = reviewApi().on('finalize', () =>
          Promise.reject(new ApiError({ status: 422, code: 'unprocessable', message: 'Mismatch', fields: [{ field: 'is_client_agent_enrollment', code, message: 'Mismatch' }] })),
        );
        const el = await mountReview(fake);
        button(el, 'Submit enrollment').click();
        await until(() => text(el).includes('We could not submit your enrollment yet'), code);
        expect(text(el)).to.contain('Your plan was accepted in a different way than this enrollment is being submitted');
        expect(text(el)).not.to.contain('Mismatch');
        expect(text(el)).not.to.contain('Submit enrollment');
        const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
        button(el, 'Choose a plan').click();
        expect((await done).detail.data).to.deep.equal({ goTo: 'plans' });
      }
    });

    it('an unknown reason keeps the service\'s sentence, marked as English', async () => {
      const el = await mountReview(reviewApi().on('finalize', refuse('something_new', undefined, 'A reason nobody knew')));
      button(el, 'Submit enrollment').click();
      await until(() => text(el).includes('The service could not accept this: A reason nobody knew'));
      expect(el.shadowRoot!.querySelector('.refusal [lang="en"]')?.textContent).to.equal('A reason nobody knew');
    });
  });

  it('a finalize refused because the plan can no longer start in time (422 start_date): the way is choosing a plan again', async () => {
    const fake = reviewApi().on('finalize', async () => {
      throw apiError(422, 'unprocessable', [{ field: 'start_date', code: 'range', message: 'The plan can no longer start in its window; choose a plan again.' }]);
    });
    const el = await mountReview(fake);
    button(el, 'Submit enrollment').click();
    await until(() => text(el).includes('We could not submit your enrollment yet'));
    expect(text(el)).to.contain('The start date of your plan has passed.');
    // Not Submit again, which the service would refuse again.
    expect(text(el)).not.to.contain('Submit enrollment');
    await until(() => el.shadowRoot!.activeElement?.id === 'missing-heading', 'focus on what to do');
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Choose a plan').click();
    expect((await done).detail.data).to.deep.equal({ goTo: 'plans' });
  });

  it('a finalize answered while the step was off the page is told once the step is back', async () => {
    const answer = deferred<undefined>();
    const fake = reviewApi().on('finalize', () => answer.promise);
    const el = await mountReview(fake);
    button(el, 'Submit enrollment').click();
    const putBack = detach(el);
    answer.resolve(undefined);
    await until(() => fake.callsOf('getAccount').length === 2);
    await new Promise((r) => setTimeout(r, 50));
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    putBack();
    expect((await done).detail.data).to.deep.equal({ finalized: true });
    expect(fake.callsOf('finalize')).to.have.length(1);
  });

  it('a finalize still running is what leaving waits for (sf-leaving): the promise settles with its answer', async () => {
    const answer = deferred<undefined>();
    const fake = reviewApi().on('finalize', () => answer.promise);
    const el = await mountReview(fake);
    const leaving = () => {
      const sent: Array<Promise<unknown>> = [];
      // The root fires it on its shadow root; mounted in the document here, the step listens on the document.
      document.dispatchEvent(new CustomEvent('sf-leaving', { detail: sent }));
      return sent;
    };
    // (Steps of earlier tests, on the same document, answer too: their finalizes are over.)
    const before = leaving().length;
    button(el, 'Submit enrollment').click();
    const sent = leaving();
    expect(sent.length - before, 'the finalize is added').to.equal(1);
    let settled = false;
    void Promise.all(sent).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled, 'waits while the finalize runs').to.equal(false);
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    answer.resolve(undefined);
    await done;
    await until(() => settled, 'settled once answered');
  });

  describe('the accepted plan as the service has it (the location\'s contract)', () => {
    async function mountWith(location: ReturnType<typeof makeLocation>) {
      const account = makeAccount(
        { service_address: ADDRESS_RESULT, location_uuid: location.uuid } as never,
        { has_accepted_plan: true, is_identity_verified: true, has_payment_method: true, can_finalize_enrollment: true },
      );
      const el = await mountReview(reviewApi(account).on('getLocation', async () => location), {}, account);
      await until(() => text(el).includes(location.contract.plan_name));
      await settle(el);
      return el;
    }

    /** The value next to the summary's term `term`. */
    const value = (el: HTMLElement, term: string): string => {
      const dt = [...el.shadowRoot!.querySelectorAll('dl.summary dt')].find((d) => text(d) === term);
      return dt ? text(dt.nextElementSibling!) : '';
    };

    it('names the rate it shows as the energy rate, as the plan card did, not as the plan\'s price', async () => {
      const el = await mountWith(makeLocation());
      // The plans step said "Energy rate 12.4¢/kWh, fixed for 24 months" under an average price of ~17¢ at 1,000
      // kWh; "12.4¢/kWh, fixed for 24 months" alone reads as the price the customer will pay per kWh.
      expect(value(el, 'Plan')).to.contain('Energy rate 12.4¢/kWh, fixed for 24 months');
    });

    it('shows a start date still ahead as it is', async () => {
      const ahead = addDays(todayYmd(), 3);
      const el = await mountWith(makeLocation({ start_date: ahead, end_date: addDays(ahead, 365) }));
      expect(value(el, 'Start date')).to.equal(formatDate(ahead, 'en'));
    });

    it('does not present a start date that has come as the one being submitted: finalize will move it', async () => {
      // Accepted days ago, finished today with a fresh link: finalize moves the start date (api-decisions.md, "A start
      // date that has come by finalize"), to a day that also depends on the plan's window, not known here.
      for (const passed of [addDays(todayYmd(), -2), todayYmd()]) {
        const el = await mountWith(makeLocation({ start_date: passed, end_date: addDays(passed, 365) }));
        const shown = value(el, 'Start date');
        expect(shown, 'the summary offers a start date that has come').not.to.contain(formatDate(passed, 'en'));
        expect(shown).to.contain('The start date of your plan has passed');
        expect(shown).to.contain('earliest day possible after you submit');
        el.remove();
      }
    });
  });

  describe('after a reload while a finalize was on its way (its key beside the stored session)', () => {
    const kept = (step: string) => sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_t', locale: null, write: { step, key: 'key-before-reload' } }));
    afterEach(() => sessionStorage.clear());

    it('sends the finalize the customer asked for again under its key, without a second press, and goes on', async () => {
      kept('review');
      const fake = reviewApi();
      const done = new Promise<StepCompleteEvent>((resolve) => document.addEventListener('sf-step-complete', (e) => resolve(e as StepCompleteEvent), { once: true }));
      await mountReview(fake);
      expect((await done).detail.data?.finalized).to.equal(true);
      expect(fake.callsOf('finalize').map((c) => c.idempotencyKey)).to.deep.equal(['key-before-reload']);
      expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).write, 'answered: nothing kept').to.equal(undefined);
    });

    it('not a finalize this page sent: refused for what was missing, the review shown again waits for the press', async () => {
      kept('credit');
      let refuse = true;
      const fake = reviewApi().on('finalize', async () => {
        if (refuse) throw apiError(422, 'unprocessable');
      });
      const draft: Record<string, unknown> = {};
      const el = await mountReview(fake, draft);
      button(el, 'Submit enrollment').click();
      await until(() => fake.callsOf('finalize').length === 1 && fake.callsOf('getAccount').length === 2);
      await settle(el);
      expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).write, 'refused: nothing on its way, nothing for a reload to send').to.equal(undefined);
      el.remove();
      // Back from fixing what was missing: a new review element on the same draft.
      refuse = false;
      const again = await mountReview(fake, draft);
      await settle(again);
      expect(fake.callsOf('finalize'), 'nothing sent without the press').to.have.length(1);
      const done = oneEvent(again, 'sf-step-complete');
      button(again, 'Submit enrollment').click();
      await done;
      expect(fake.callsOf('finalize')).to.have.length(2);
    });

    it('sends nothing when the account cannot be finalized (something missing), nor for another step\'s write', async () => {
      kept('review');
      const incomplete = makeAccount({ service_address: ADDRESS_RESULT } as never, { has_accepted_plan: true });
      const fake = reviewApi(incomplete);
      const el = await mountReview(fake, {}, incomplete);
      await settle(el);
      expect(text(el)).to.contain('Before you can submit');
      kept('credit');
      const other = reviewApi();
      const again = await mountReview(other);
      await settle(again);
      expect(fake.callsOf('finalize')).to.have.length(0);
      expect(other.callsOf('finalize')).to.have.length(0);
      expect(pressable(button(again, 'Submit enrollment'))).to.equal(true);
    });
  });
});
