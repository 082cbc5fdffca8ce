import { expect, html, nextFrame, oneEvent } from '@open-wc/testing';
import '../../src/steps/invoices/invoices.js';
import type { SfStepInvoices } from '../../src/steps/invoices/invoices.js';
import type { StepCompleteEvent } from '../../src/contract/events.js';
import type { Account, BillingAddress, InvoiceList } from '../../src/api/types.js';
import { ADDRESS_RESULT, FakeApi, apiError, button, deferred, makeAccount, makeLocation, mount, settle, text, until } from './harness.js';
import { expectRetrySaidInKeptRegion, liveRegionOf, renderedLiveRegions, saidNow, textNode } from './live-regions.js';
import { setLocale, useScope } from '../../src/i18n/localization.js';
import { ACTIVE, OWN_ADDRESS, SAME_ADDRESS, makeInvoice, makeInvoices } from './billing-fixtures.js';

const ALL = makeInvoices(30);

/** Pages of 12 over ALL, the cursor being the next offset. */
function pagedApi(invoices = ALL): FakeApi {
  return new FakeApi()
    .on('listInvoices', async ({ limit, cursor }) => {
      const offset = cursor ? Number(cursor) : 0;
      const end = offset + limit;
      return { data: invoices.slice(offset, end), next_cursor: end < invoices.length ? String(end) : null };
    })
    .on('getBillingAddress', async () => SAME_ADDRESS);
}

async function mountList(fake: FakeApi, account: Account = ACTIVE, draft: Record<string, unknown> = {}) {
  const el = await mount<SfStepInvoices>(fake.api, html`<sf-step-invoices .account=${account} .draft=${draft}></sf-step-invoices>`);
  await settle(el);
  return el;
}

const cards = (el: SfStepInvoices) => [...el.shadowRoot!.querySelectorAll('li.invoice')];

describe('sf-step-invoices', () => {
  it('shows the first page, most recent first, with date, period, total, kWh, average price and status in words', async () => {
    const fake = pagedApi();
    const el = await mountList(fake);
    await until(() => cards(el).length === 12);
    expect(fake.callsOf('listInvoices')[0]!.args[0]).to.deep.equal({ limit: 12, cursor: null });
    const first = text(cards(el)[0]!);
    expect(first).to.contain('Invoice of December 5, 2030');
    expect(first).to.contain('Dec 1, 2030 to Dec 28, 2030');
    expect(first).to.contain('$123.45');
    expect(first).to.contain('1,024 kWh');
    expect(first).to.contain('12.06¢/kWh');
    expect(first).to.contain('Paid');
    expect(text(el)).to.contain('Showing the 12 most recent invoices.');
    await until(() => text(el).includes('Same as your service address'));
    await expect(el).to.be.accessible();
  });

  it('says the service\'s status, and derives it from the fields where the service gives none; in words, not by colour', async () => {
    const invoices = [
      makeInvoice(0, { paid_at: null, payment_due_date: '2999-01-01' }),
      makeInvoice(1, { paid_at: null, payment_due_date: '2000-01-01' }),
      makeInvoice(2, { paid_at: null, voided_at: '2030-10-08T12:00:00Z' }),
      makeInvoice(3),
      // The service's clock says past due while the browser's (behind it) would say due: the service's word counts.
      makeInvoice(4, { paid_at: null, payment_due_date: '2999-01-01', status: 'past_due' }),
    ];
    const el = await mountList(pagedApi(invoices));
    await until(() => cards(el).length === 5);
    const badges = cards(el).map((c) => c.querySelector('.status')!);
    expect(badges.map((b) => b.getAttribute('data-status'))).to.deep.equal(['due', 'past_due', 'voided', 'paid', 'past_due']);
    expect(badges.map((b) => text(b).replace(/^\W+/, ''))).to.deep.equal(['Due', 'Past due', 'Voided', 'Paid', 'Past due']);
  });

  it('an active service with a bill past due is not told it has nothing else to do', async () => {
    const status = (el: SfStepInvoices) => text(el.shadowRoot!.querySelector('sf-account-status')!.shadowRoot!);
    const paid = await mountList(pagedApi([makeInvoice(0), makeInvoice(1)]));
    await until(() => status(paid).includes('Your service is active'));
    expect(status(paid)).to.contain('You do not need to do anything else');
    paid.remove();
    const owed = await mountList(pagedApi([makeInvoice(0, { paid_at: null, status: 'past_due' }), makeInvoice(1)]));
    await until(() => status(owed).includes('Your service is active'));
    expect(status(owed)).not.to.contain('You do not need to do anything else');
    expect(status(owed)).to.contain('a bill is past due');
    expect(owed.shadowRoot!.querySelector('sf-account-status')!.shadowRoot!.querySelector('.box')!.getAttribute('data-tone')).to.equal('attention');
    await expect(owed).to.be.accessible();
  });

  it('"Show older invoices" adds the next page, moves focus to its first invoice, and says how many are shown', async () => {
    const fake = pagedApi();
    const el = await mountList(fake);
    await until(() => cards(el).length === 12);
    button(el, 'Show older invoices').click();
    await until(() => cards(el).length === 24);
    await settle(el);
    expect(fake.callsOf('listInvoices')[1]!.args[0]).to.deep.equal({ limit: 12, cursor: '12' });
    expect(el.shadowRoot!.activeElement).to.equal(cards(el)[12]!.querySelector('h3'));
    expect(el.shadowRoot!.querySelector('p.count')!.getAttribute('role')).to.equal('status');
    expect(text(el)).to.contain('Showing the 24 most recent invoices.');
    button(el, 'Show older invoices').click();
    await until(() => cards(el).length === 30);
    await settle(el);
    expect(text(el)).to.contain('Showing all 30 invoices.');
    expect(() => button(el, 'Show older invoices')).to.throw();
    expect(cards(el).map((c) => c.querySelector('button')!.dataset.invoice)).to.deep.equal(ALL.map((i) => i.number));
  });

  it('keeps the pages in the draft: coming back shows them without asking again', async () => {
    const fake = pagedApi();
    const draft: Record<string, unknown> = { invoices: ALL.slice(0, 24), cursor: '24' };
    const el = await mountList(fake, ACTIVE, draft);
    expect(cards(el)).to.have.length(24);
    expect(fake.callsOf('listInvoices')).to.have.length(0);
  });

  it('opens an invoice, the address form, and Done through sf-step-complete', async () => {
    const el = await mountList(pagedApi());
    await until(() => cards(el).length === 12);
    let next = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    cards(el)[1]!.querySelector('button')!.click();
    // With the list's today (its newest invoice's date, later than this browser's), which the detail's status uses.
    expect((await next).detail).to.deep.equal({ step: 'invoices', data: { open: 'invoice', invoice: ALL[1]!.number, today: '2030-12-05' } });
    await until(() => Boolean(el.shadowRoot!.querySelector('#change-address')));
    next = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Change billing address').click();
    expect((await next).detail.data).to.deep.equal({ open: 'billing-address' });
    next = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Done').click();
    expect((await next).detail).to.deep.equal({ step: 'invoices' });
  });

  it('shows an address of its own without "same as service address", and says when it was just saved', async () => {
    const fake = pagedApi().on('getBillingAddress', async () => OWN_ADDRESS);
    const el = await mount<SfStepInvoices>(fake.api, html`<sf-step-invoices .account=${ACTIVE} .draft=${{}} .saved=${true}></sf-step-invoices>`);
    await until(() => text(el).includes('4807 Caswell Ave'));
    expect(text(el)).to.contain('Austin, TX 78751');
    expect(text(el)).not.to.contain('Same as your service address');
    expect(text(el)).to.contain('Your billing address is saved.');
  });

  it('offers "Try again" when the list cannot load, and hands 401 to the root', async () => {
    let fail = true;
    const fake = pagedApi().on('listInvoices', async () => {
      if (fail) throw apiError(503, 'unavailable');
      return { data: ALL.slice(0, 2), next_cursor: null };
    });
    const el = await mountList(fake);
    await until(() => text(el).includes('Try again'));
    fail = false;
    button(el, 'Try again').click();
    await until(() => cards(el).length === 2);
    expect(text(el)).to.contain('Showing all 2 invoices.');

    const denied = pagedApi().on('listInvoices', async () => {
      throw apiError(401, 'token_expired');
    });
    const gone = await mount<SfStepInvoices>(denied.api, html`<div></div>`);
    const handed = oneEvent(gone, 'sf-api-error');
    const step = document.createElement('sf-step-invoices');
    Object.assign(step, { account: ACTIVE, draft: {} });
    gone.appendChild(step);
    expect((await handed).detail.error.status).to.equal(401);
  });

  // 4.1.3: a status region inserted with its sentence is not reliably read (as documents.test.ts checks for its tabs).
  it('after "Try again", says "Loading your invoices…" and then how many are shown, in a status region already on the page', async () => {
    let fail = true;
    const page = deferred<InvoiceList>();
    const fake = pagedApi().on('listInvoices', () => (fail ? Promise.reject(apiError(503, 'unavailable')) : page.promise));
    const el = await mountList(fake);
    await until(() => text(el).includes('Try again'));
    await settle(el);
    const before = renderedLiveRegions(el.shadowRoot!);
    fail = false;
    button(el, 'Try again').click();
    await until(() => text(el).includes('Loading your invoices'));
    const loading = liveRegionOf(textNode(el.shadowRoot!, 'Loading your invoices')!.parentElement!);
    expect(loading !== null && before.has(loading), '"Loading your invoices…" came in a status region inserted with it').to.equal(true);
    page.resolve({ data: ALL.slice(0, 2), next_cursor: null });
    await until(() => cards(el).length === 2);
    const count = liveRegionOf(textNode(el.shadowRoot!, 'Showing all 2 invoices.')!.parentElement!);
    expect(count !== null && before.has(count), '"Showing all 2 invoices." came in a status region inserted with it').to.equal(true);
  });

  it('after "Try again" for the billing address, says "Loading your billing address…" in a status region already on the page', async () => {
    let fail = true;
    const address = deferred<BillingAddress>();
    const fake = pagedApi().on('getBillingAddress', () => (fail ? Promise.reject(apiError(503, 'unavailable')) : address.promise));
    const el = await mountList(fake);
    await expectRetrySaidInKeptRegion(el, () => (fail = false), 'Loading your billing address');
    address.resolve(OWN_ADDRESS);
    await until(() => text(el).includes('4807 Caswell Ave'));
  });

  // The PDF of a past-due invoice says the day payment was due and that auto-pay did not go through: the list too.
  it('says under a past-due invoice the day its payment was due, and that the automatic payment did not go through', async () => {
    const invoices = [
      makeInvoice(0, { paid_at: null, status: 'due' }),
      makeInvoice(1, { paid_at: null, status: 'past_due' }),
      makeInvoice(2),
    ];
    const el = await mountList(pagedApi(invoices));
    await until(() => cards(el).length === 3);
    const said = cards(el).map((c) => text(c));
    expect(said[1]).to.contain('The automatic payment on November 21, 2030 did not go through.');
    expect(said[0]).to.not.contain('did not go through');
    expect(said[2]).to.not.contain('did not go through');
    try {
      await useScope('billing');
      await setLocale('es');
      await el.updateComplete;
      expect(text(cards(el)[1]!)).to.contain('El pago automático del 21 de noviembre de 2030 no se realizó.');
    } finally {
      await setLocale('en');
    }
  });

  it('"Show older invoices" says "Loading older invoices…" in that status line while the page comes (the pressed button is disabled)', async () => {
    const older = deferred<InvoiceList>();
    const fake = pagedApi().on('listInvoices', ({ cursor }) => (cursor ? older.promise : Promise.resolve({ data: ALL.slice(0, 12), next_cursor: '12' })));
    const el = await mountList(fake);
    await until(() => cards(el).length === 12);
    await settle(el);
    const before = renderedLiveRegions(el.shadowRoot!);
    const more = button(el, 'Show older invoices');
    more.focus();
    more.click();
    await settle(el);
    const said = [...before].map((region) => text(region));
    expect(said, 'nothing says the older invoices are loading').to.include('Loading older invoices…');
    older.resolve({ data: ALL.slice(12, 20), next_cursor: null });
    await until(() => cards(el).length === 20);
    await settle(el);
    expect(text(el.shadowRoot!.querySelector('p.count')!)).to.equal('Showing all 20 invoices.');
  });

  it('words a refused page (400 naming the cursor) instead of showing nothing', async () => {
    const fake = pagedApi().on('listInvoices', async () => {
      throw apiError(400, 'invalid_request', [{ field: 'cursor', code: 'format', message: 'cursor is not a next_cursor' }]);
    });
    const el = await mountList(fake);
    await until(() => text(el).includes('The service could not accept this:'));
    expect(text(saidNow(el.shadowRoot!)[0]!)).to.contain('The service could not accept this:');
  });

  it('without invoices, says when the first bill comes from the service start', async () => {
    const fake = pagedApi([]).on('getLocation', async () => makeLocation({ start_date: '2030-01-31', status: 'active' }));
    const el = await mountList(fake);
    await until(() => text(el).includes('No bills yet'));
    await until(() => text(el).includes('January 31, 2030'));
    expect(text(el)).to.contain('Your first bill comes about a month after that, around February 28, 2030.');
    await expect(el).to.be.accessible();
  });

  it('without invoices, still says when the first bill comes on coming back from the address form (the list kept in the draft)', async () => {
    const fake = pagedApi([]).on('getLocation', async () => makeLocation({ start_date: '2030-01-31', status: 'active' }));
    // The root keeps one draft per view for the session: coming back from the form gets the same one.
    const draft: Record<string, unknown> = {};
    const first = await mountList(fake, ACTIVE, draft);
    await until(() => text(first).includes('around February 28, 2030'));
    first.remove();
    const back = await mountList(fake, ACTIVE, draft);
    await until(() => text(back).includes('Same as your service address'));
    await settle(back);
    expect(text(back)).to.contain('Your service started on January 31, 2030.');
    expect(text(back)).not.to.contain('after your service starts');
  });

  it('one "Try again" after the list and the address both failed (the connection lost) retries both, and focus goes on to the heading', async () => {
    let offline = true;
    const fake = pagedApi()
      .on('listInvoices', async () => {
        if (offline) throw new TypeError('Failed to fetch');
        return { data: ALL.slice(0, 2), next_cursor: null };
      })
      .on('getBillingAddress', async () => {
        if (offline) throw new TypeError('Failed to fetch');
        return SAME_ADDRESS;
      });
    const el = await mountList(fake);
    await until(() => el.shadowRoot!.querySelectorAll('.alert button').length > 0);
    await settle(el);
    offline = false;
    const retry = el.shadowRoot!.querySelector<HTMLButtonElement>('.alert button')!;
    retry.focus();
    retry.click();
    await until(() => cards(el).length === 2);
    await until(() => text(el).includes('Same as your service address'), 'the address was not asked again');
    await settle(el);
    expect(el.shadowRoot!.querySelectorAll('.alert').length, 'an alert is left').to.equal(0);
    expect(document.activeElement !== document.body, 'focus fell to the page body').to.equal(true);
    expect(el.shadowRoot!.activeElement).to.equal(el.shadowRoot!.querySelector('#step-heading'));
  });

  it('a service scheduled to start is told its start date (read from the location), and no bill is said to come from a start that has passed', async () => {
    const scheduled = makeAccount(
      { status: 'scheduled', status_reason: 'service_pending', service_address: ADDRESS_RESULT, location_uuid: '7c2d9e4f-0000-4000-8000-000000000001' } as never,
      { has_accepted_plan: true, is_identity_verified: true, has_payment_method: true, is_enrollment_finalized: true, is_service_active: false },
    );
    const fake = pagedApi([]).on('getLocation', async () => makeLocation({ start_date: '2030-03-22', status: 'pending' }));
    const el = await mountList(fake, scheduled);
    await until(() => text(el).includes('No bills yet'));
    // Not "Service starts on your start date": the flow can know which day that is.
    await until(() => text(el).includes('Service starts on March 22, 2030.'), `the status says: ${text(el.shadowRoot!.querySelector('sf-account-status')!.shadowRoot!)}`);
    expect(text(el)).to.contain('Your first bill comes about a month after your service starts.');
    expect(text(el)).not.to.contain('Your service started');
  });

  it('before enrollment, says there is nothing to bill and asks the service nothing; its one button is Close', async () => {
    const fake = pagedApi();
    const el = await mountList(fake, makeAccount());
    expect(text(el)).to.contain('There is nothing to bill yet');
    expect(fake.calls).to.have.length(0);
    // The scope does not fit the account yet: Close (the scope closes `exited`), not Done.
    expect(() => button(el, 'Done')).to.throw();
    const close = button(el, 'Close');
    expect(close.classList.contains('primary')).to.equal(true);
    const next = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    close.click();
    expect((await next).detail).to.deep.equal({ step: 'invoices' });
    await expect(el).to.be.accessible();
  });

  it('an enrollment cancelled before service started is told there is nothing to bill, not promised a first bill', async () => {
    const cancelled = makeAccount(
      { status: 'cancelled', status_reason: 'cancelled_pre_start', service_address: ADDRESS_RESULT, location_uuid: '7c2d9e4f-0000-4000-8000-000000000001' } as never,
      { has_accepted_plan: true, is_identity_verified: true, has_payment_method: true, is_enrollment_finalized: true, is_service_active: false },
    );
    const fake = pagedApi([]).on('getLocation', async () => makeLocation({ status: 'expired' }));
    const el = await mountList(fake, cancelled);
    await until(() => text(el).includes('No bills yet') || text(el).includes('There is nothing to bill'));
    await settle(el);
    // The account status below says "Your enrollment was cancelled before service started": no bill will ever come.
    expect(text(el)).to.contain('Your service never started, so no bill will come.');
    expect(text(el)).not.to.contain('No bills yet');
    expect(text(el)).not.to.contain('Your first bill comes');
    await expect(el).to.be.accessible();
  });

  it('a "Show older invoices" that finds no more (an empty last page) moves focus to the count, not to the page body', async () => {
    const first = ALL.slice(0, 12);
    const fake = pagedApi().on('listInvoices', async ({ cursor }) => (cursor ? { data: [], next_cursor: null } : { data: first, next_cursor: 'c2' }));
    const el = await mountList(fake);
    await until(() => cards(el).length === 12);
    const more = button(el, 'Show older invoices');
    more.focus();
    more.click();
    await until(() => text(el).includes('Showing all 12 invoices.'));
    await settle(el);
    expect(document.activeElement !== document.body, 'focus fell to the page body').to.equal(true);
    expect(el.shadowRoot!.activeElement === el.shadowRoot!.querySelector('p.count'), 'focus on the count').to.equal(true);
  });

  it('after "Show older invoices" fails, focus is on "Try again", not lost to the page', async () => {
    const fake = pagedApi().on('listInvoices', async ({ cursor }) => {
      // As over a network (the client's own retries take seconds): the page renders the pressed button disabled, and
      // the browser's focus fixup (at that rendering) takes focus from it to the page, before the answer comes.
      if (cursor) throw await nextFrame().then(() => nextFrame()).then(() => apiError(503, 'unavailable'));
      return { data: ALL.slice(0, 12), next_cursor: '12' };
    });
    const el = await mountList(fake);
    await until(() => cards(el).length === 12);
    const more = button(el, 'Show older invoices');
    more.focus();
    more.click();
    await until(() => text(el).includes('Something went wrong on our side'));
    await settle(el);
    expect(el.shadowRoot!.activeElement === button(el, 'Try again'), 'focus on Try again').to.equal(true);
  });
});
