import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/card-on-file/card-on-file.js';
import type { SfStepCardOnFile } from '../../src/steps/card-on-file/card-on-file.js';
import type { ApiErrorEvent, StepCompleteEvent } from '../../src/contract/events.js';
import type { PaymentMethod } from '../../src/api/types.js';
import { todayYmd } from '../../src/ui/format.js';
import { FakeApi, apiError, button, detach, makeAccount, mount, q, qMaybe, settle, text, until } from './harness.js';

const CARD: PaymentMethod = {
  type: 'STRIPE_CARD',
  card_brand: 'mastercard',
  card_last4: '4444',
  card_exp_month: 3,
  card_exp_year: 2030,
  card_postal_code: '77002',
};

const mountStep = (fake: FakeApi) =>
  mount<SfStepCardOnFile>(
    fake.api,
    html`<sf-step-card-on-file .account=${makeAccount({}, { has_payment_method: true })} .draft=${{}}></sf-step-card-on-file>`,
  );

async function currentCard(el: SfStepCardOnFile): Promise<HTMLElement> {
  await until(() => qMaybe(el, 'sf-current-card') !== null, 'card on file shown');
  const current = q(el, 'sf-current-card');
  await settle(current);
  return current;
}

describe('sf-step-card-on-file', () => {
  it('says a card whose month has passed expired (the likely reason to open this flow), and one good through this month expires', async () => {
    const [year, month] = todayYmd().split('-').map(Number) as [number, number];
    const expired = await currentCard(await mountStep(new FakeApi().on('getPaymentMethod', async () => ({ ...CARD, card_exp_month: 3, card_exp_year: 2024 }))));
    expect(text(expired)).to.contain('Expired 03/2024');
    expect(text(expired)).not.to.contain('Expires');
    // Keeping it here changes nothing (the customer leaves): still offered, beside Replace.
    expect(text(expired)).to.contain('Keep this card');
    const thisMonth = await currentCard(await mountStep(new FakeApi().on('getPaymentMethod', async () => ({ ...CARD, card_exp_month: month, card_exp_year: year }))));
    expect(text(thisMonth)).to.contain('Expires');
    expect(text(thisMonth)).not.to.contain('Expired');
  });

  it('shows the card on file (brand, last four, expiry); Replace completes the step', async () => {
    const fake = new FakeApi().on('getPaymentMethod', async () => CARD);
    const el = await mountStep(fake);
    expect(q(el, 'h1#step-heading').textContent).to.equal('Your payment method');
    const current = await currentCard(el);
    expect(text(current)).to.contain('Mastercard ending in 4444');
    expect(text(current)).to.contain('Expires 03/2030');
    // Replacing is what this scope is for: the primary button (and the last one in the tab order).
    expect(button(current, 'Replace').className).to.contain('primary');
    expect(button(current, 'Keep this card').className).to.contain('secondary');
    await expect(el).to.be.accessible();

    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(current, 'Replace').click();
    const event = await done;
    expect(event.detail.step).to.equal('card-on-file');
    expect(event.detail.account).to.equal(undefined);
  });

  it('"Keep this card" asks to leave, without completing', async () => {
    const fake = new FakeApi().on('getPaymentMethod', async () => CARD);
    const el = await mountStep(fake);
    const current = await currentCard(el);
    let completed = false;
    el.addEventListener('sf-step-complete', () => (completed = true));
    const exit = oneEvent(el, 'sf-exit-request');
    button(current, 'Keep this card').click();
    await exit;
    expect(completed).to.equal(false);
  });

  it('read again (Back from the card form) it is another card: one was saved whose answer was lost, so the step says the update is done', async () => {
    const other: PaymentMethod = { ...CARD, card_brand: 'visa', card_last4: '4242' };
    const reads: Array<() => Promise<PaymentMethod>> = [
      async () => CARD,
      async () => CARD,
      async () => other,
    ];
    const fake = new FakeApi().on('getPaymentMethod', () => reads.shift()!());
    const el = await mountStep(fake);
    await currentCard(el);
    const completions: StepCompleteEvent[] = [];
    el.addEventListener('sf-step-complete', (e) => completions.push(e as StepCompleteEvent));
    // Back with nothing saved: the same card, nothing to tell.
    detach(el)();
    await until(() => fake.callsOf('getPaymentMethod').length === 2 && qMaybe(el, 'sf-current-card') !== null, 'read again');
    await settle(el);
    expect(completions).to.have.length(0);
    detach(el)();
    await until(() => completions.length === 1, 'the update told');
    expect(completions[0]!.detail.data).to.deep.equal({ replaced: true });
  });

  it('a card read again where there was none (404 first): the card added is told as the update', async () => {
    let card: PaymentMethod | null = null;
    const fake = new FakeApi().on('getPaymentMethod', async () => {
      if (!card) throw apiError(404, 'not_found');
      return card;
    });
    const el = await mountStep(fake);
    await until(() => text(el).includes('There is no card on file.'));
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    card = CARD;
    detach(el)();
    expect((await done).detail.data).to.deep.equal({ replaced: true });
  });

  it('offers to add a card when none is on file any more (404)', async () => {
    const fake = new FakeApi().on('getPaymentMethod', async () => {
      throw apiError(404, 'not_found');
    });
    const el = await mountStep(fake);
    await until(() => text(el).includes('There is no card on file.'));
    await expect(el).to.be.accessible();
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Add a card').click();
    const { detail } = await done;
    expect(detail.step).to.equal('card-on-file');
    // The account still says it has a card: the scope learns there is none, so the card form says it adds one.
    expect(detail.data).to.deep.equal({ none: true });
  });

  it('offers "Try again" after a lost connection or a 5xx, and shows the card once the read succeeds', async () => {
    let fail: number | null = 0;
    const fake = new FakeApi().on('getPaymentMethod', async () => {
      if (fail !== null) throw apiError(fail, fail === 0 ? 'network' : 'server_error');
      return CARD;
    });
    const el = await mountStep(fake);
    await until(() => text(el).includes('Try again'));
    expect(text(el)).to.contain('We could not reach the service');
    fail = 503;
    button(el, 'Try again').click();
    await until(() => text(el).includes('Something went wrong on our side'));
    fail = null;
    button(el, 'Try again').click();
    const current = await currentCard(el);
    expect(text(current)).to.contain('Mastercard ending in 4444');
    expect(fake.callsOf('getPaymentMethod')).to.have.length(3);
  });

  it('hands a 401/403 to the root once and shows nothing of its own', async () => {
    const fake = new FakeApi().on('getPaymentMethod', async () => {
      throw apiError(403, 'forbidden');
    });
    const errors: ApiErrorEvent[] = [];
    document.addEventListener('sf-api-error', (e) => errors.push(e as ApiErrorEvent));
    const el = await mountStep(fake);
    await until(() => errors.length > 0);
    await el.updateComplete;
    await el.updateComplete;
    expect(errors).to.have.length(1);
    expect(errors[0]!.detail.error.status).to.equal(403);
    expect(qMaybe(el, '[role="alert"]')).to.equal(null);
    expect(qMaybe(el, 'sf-current-card')).to.equal(null);
  });
});

describe('sf-step-card-on-file lead', () => {
  const cases = [
    [makeAccount({ status: 'active', status_reason: 'active' }, { has_payment_method: true }), 'Your monthly bills are paid automatically'],
    [makeAccount({ status: 'scheduled', status_reason: 'service_pending' }, { has_payment_method: true }), 'Once your service starts'],
    [makeAccount({ status: 'cancelled', status_reason: 'cancelled_post_start' }, { has_payment_method: true }), 'Your last bill is paid'],
  ] as const;
  for (const [account, lead] of cases) {
    it(`says what the card pays for a ${account.status} account`, async () => {
      const fake = new FakeApi().on('getPaymentMethod', async () => CARD);
      const el = await mount<SfStepCardOnFile>(fake.api, html`<sf-step-card-on-file .account=${account} .draft=${{}}></sf-step-card-on-file>`);
      expect(q(el, 'p.lead').textContent).to.contain(lead);
    });
  }
});
