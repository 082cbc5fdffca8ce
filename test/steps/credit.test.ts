import { expect, html, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/steps/credit/credit.js';
import type { SfStepCredit } from '../../src/steps/credit/credit.js';
import type { StepCompleteEvent } from '../../src/contract/events.js';
import type { Account } from '../../src/api/types.js';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';
import { FakeApi, apiError, blur, button, deferred, detach, makeAccount, mount, q, settle, text, type, until } from './harness.js';

const SSN = '301-27-4815';

function creditApi(): FakeApi {
  return new FakeApi().on('submitCreditCheck', async () => makeAccount({}, { is_credit_check_submitted: true }));
}

async function mountCredit(fake: FakeApi, draft: Record<string, unknown> = {}, account: Account = makeAccount()) {
  return mount<SfStepCredit>(fake.api, html`<sf-step-credit .account=${account} .draft=${draft}></sf-step-credit>`);
}

/** Every attribute of every element in the step's tree, for "never echoed" checks. */
function allAttributes(el: Element): string {
  const parts: string[] = [];
  const walk = (root: Element | ShadowRoot) => {
    for (const node of root.querySelectorAll('*')) {
      for (const a of node.attributes) parts.push(`${a.name}=${a.value}`);
      if (node.shadowRoot) walk(node.shadowRoot);
    }
  };
  walk(el.shadowRoot!);
  return parts.join(' ');
}

/** Clears the field and types `value` one key at a time, as a person does (the step formats as it goes). */
function retype(input: HTMLInputElement, value: string): void {
  type(input, '');
  for (const ch of value) {
    input.value += ch;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: ch }));
  }
}

/** Every string reachable from the element's own properties (not through DOM nodes): what it holds in memory. */
function heldStrings(el: Element): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number) => {
    if (typeof value === 'string') out.push(value);
    if (!value || typeof value !== 'object' || value instanceof Node || seen.has(value) || depth > 4) return;
    seen.add(value);
    const values = value instanceof Map || value instanceof Set ? [...value.values()] : Object.values(value);
    for (const v of values) walk(v, depth + 1);
  };
  for (const v of Object.values(el)) walk(v, 0);
  return out;
}

/** A credit check whose answers are lost (network error) until `answer()` is called. */
function lostAnswerApi(): { fake: FakeApi; answer: () => void } {
  let lost = true;
  const fake = new FakeApi().on('submitCreditCheck', async () => {
    if (lost) throw apiError(0, 'network');
    return makeAccount({}, { is_credit_check_submitted: true });
  });
  return { fake, answer: () => (lost = false) };
}

/** Types a valid SSN, ticks consent and presses Submit. */
async function submitWith(el: SfStepCredit, ssn = SSN) {
  type(q<HTMLInputElement>(el, '#ssn'), ssn);
  const consent = q<HTMLInputElement>(el, '#consent');
  if (!consent.checked) consent.click();
  await settle(el);
  button(el, 'Submit credit check').click();
  await settle(el);
}

/** Counts the events of `name` that reach the step's parent (where the root listens), not the detached step itself. */
function countAtParent(el: HTMLElement, name: string): { count: () => number } {
  const parent = el.parentElement!;
  let n = 0;
  parent.addEventListener(name, () => (n += 1));
  return { count: () => n };
}

describe('sf-step-credit', () => {
  it('masks the SSN, formats it, and offers Show/Hide', async () => {
    const el = await mountCredit(creditApi());
    const input = q<HTMLInputElement>(el, '#ssn');
    expect(input.type).to.equal('password');
    expect(input.inputMode).to.equal('numeric');
    expect(input.autocomplete).to.equal('off');
    type(input, '301274815');
    expect(input.value).to.equal(SSN);
    button(el, 'Show').click();
    await settle(el);
    expect(input.type).to.equal('text');
    button(el, 'Hide').click();
    await settle(el);
    expect(input.type).to.equal('password');
    await expect(el).to.be.accessible();
  });

  it('names the masked field as an SSN by id and name, so the browser does not offer to save it as a password', async () => {
    // Chromium's password manager takes a password field whose id or name matches "ssn|social.?security…" for no
    // password (form_data_parser.cc, IsNotPasswordField): no "Save password?" bubble. type=password stays, so a screen
    // reader does not read the number aloud (a text field masked by CSS would).
    const input = q<HTMLInputElement>(await mountCredit(creditApi()), '#ssn');
    expect(input.type).to.equal('password');
    for (const name of [input.id, input.name]) expect(name, 'id and name').to.match(/ssn|social.?security/i);
  });

  it('explains invalid numbers in words', async () => {
    const fake = creditApi();
    const el = await mountCredit(fake);
    const input = q<HTMLInputElement>(el, '#ssn');
    const cases: Array<[string, string]> = [
      ['12345', 'has 9 digits'],
      ['000-12-3456', 'not a valid Social Security number'],
      ['666-12-3456', 'not a valid Social Security number'],
      ['123-00-4567', 'not a valid Social Security number'],
      ['123-45-0000', 'not a valid Social Security number'],
    ];
    type(input, '');
    blur(input);
    button(el, 'Submit credit check').click();
    await settle(el);
    expect(text(q(el, '#ssn-error'))).to.contain('Enter your Social Security number');
    expect(el.shadowRoot!.activeElement).to.equal(input);
    for (const [value, message] of cases) {
      type(input, value);
      await settle(el);
      expect(text(q(el, '#ssn-error')), value).to.contain(message);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
    }
    expect(text(q(el, '#consent-error'))).to.contain('Check the box');
    expect(fake.calls).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('a number that starts with 9 is said to be an ITIN, not a Social Security number to check digit by digit', async () => {
    const fake = creditApi();
    const el = await mountCredit(fake);
    const input = q<HTMLInputElement>(el, '#ssn');
    type(input, '912-70-3456');
    q<HTMLInputElement>(el, '#consent').click();
    await settle(el);
    button(el, 'Submit credit check').click();
    await settle(el);
    const said = text(q(el, '#ssn-error'));
    expect(said, 'an ITIN is not a typo: "check the digits on your card" sends its holder round in circles').to.contain('ITIN');
    expect(said).to.contain('needs a Social Security number');
    expect(said).not.to.contain('Check the digits');
    expect(el.shadowRoot!.activeElement).to.equal(input);
    expect(fake.calls).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('requires consent', async () => {
    const fake = creditApi();
    const el = await mountCredit(fake);
    type(q<HTMLInputElement>(el, '#ssn'), SSN);
    button(el, 'Submit credit check').click();
    await settle(el);
    expect(el.shadowRoot!.activeElement?.id).to.equal('consent');
    expect(fake.calls).to.have.length(0);
  });

  it('sends the SSN once and leaves no trace of it', async () => {
    const fake = creditApi();
    const draft: Record<string, unknown> = {};
    const el = await mountCredit(fake, draft);
    const input = q<HTMLInputElement>(el, '#ssn');
    type(input, SSN);
    q<HTMLInputElement>(el, '#consent').click();
    await settle(el);
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Submit credit check').click();
    const event = await done;
    expect(fake.callsOf('submitCreditCheck')[0]!.args[0]).to.deep.equal({ ssn: '301274815', consent: true });
    expect(event.detail.step).to.equal('credit');
    expect(event.detail.account?.enrollment.is_credit_check_submitted).to.equal(true);
    await settle(el);
    expect(input.value).to.equal('');
    expect(JSON.stringify(draft)).not.to.match(/4815/);
    expect(allAttributes(el)).not.to.match(/4815/);
    expect(el.shadowRoot!.innerHTML).not.to.match(/4815/);
    expect(text(el)).not.to.match(/4815/);
  });

  it('clears the field when the step leaves the page', async () => {
    const el = await mountCredit(creditApi());
    const input = q<HTMLInputElement>(el, '#ssn');
    type(input, SSN);
    el.remove();
    expect(input.value).to.equal('');
  });

  it('retries a failed submission with the same key, and a changed number with a new one', async () => {
    let fail = true;
    const fake = new FakeApi().on('submitCreditCheck', async () => {
      if (fail) throw apiError(0, 'network');
      return makeAccount({}, { is_credit_check_submitted: true });
    });
    const el = await mountCredit(fake);
    type(q<HTMLInputElement>(el, '#ssn'), SSN);
    q<HTMLInputElement>(el, '#consent').click();
    button(el, 'Submit credit check').click();
    await until(() => el.shadowRoot!.querySelector('[role="alert"]') !== null);
    button(el, 'Try again').click();
    await until(() => fake.callsOf('submitCreditCheck').length === 2);
    const [a, b] = fake.callsOf('submitCreditCheck');
    expect(b!.idempotencyKey).to.equal(a!.idempotencyKey);

    await until(() => el.shadowRoot!.querySelector('[role="alert"]') !== null);
    type(q<HTMLInputElement>(el, '#ssn'), '301-27-4816');
    fail = false;
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Try again').click();
    await done;
    const c = fake.callsOf('submitCreditCheck')[2]!;
    expect(c.idempotencyKey).not.to.equal(a!.idempotencyKey);
    expect(c.args[0]).to.deep.equal({ ssn: '301274816', consent: true });
  });

  it('sends the same number typed again after a lost answer with the same key, also with consent given again', async () => {
    const { fake, answer } = lostAnswerApi();
    const el = await mountCredit(fake);
    const input = q<HTMLInputElement>(el, '#ssn');
    const consent = q<HTMLInputElement>(el, '#consent');
    retype(input, '301274815');
    consent.click();
    button(el, 'Submit credit check').click();
    await until(() => el.shadowRoot!.querySelector('[role="alert"]') !== null);

    // The customer clears the field, types the same number again, unticks and ticks the consent, and submits.
    retype(input, '301274815');
    expect(input.value).to.equal(SSN);
    consent.click();
    consent.click();
    await settle(el);
    answer();
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Submit credit check').click();
    await done;
    const [a, b] = fake.callsOf('submitCreditCheck');
    expect(b!.args[0]).to.deep.equal({ ssn: '301274815', consent: true });
    expect(b!.idempotencyKey, 'the same credit check, not a second inquiry').to.equal(a!.idempotencyKey);
  });

  it('sends a different number after a lost answer with a new key, and keeps no copy of the number meanwhile', async () => {
    const { fake, answer } = lostAnswerApi();
    const el = await mountCredit(fake);
    const input = q<HTMLInputElement>(el, '#ssn');
    retype(input, '301274815');
    q<HTMLInputElement>(el, '#consent').click();
    button(el, 'Submit credit check').click();
    await until(() => el.shadowRoot!.querySelector('[role="alert"]') !== null);
    // While the key waits for a second try, the element holds no trace of the number (only a salted hash).
    const held = heldStrings(el);
    expect(held, 'the walk reaches the kept key').to.include(fake.callsOf('submitCreditCheck')[0]!.idempotencyKey);
    expect(held.filter((v) => v.includes('4815'))).to.deep.equal([]);

    retype(input, '301274816');
    answer();
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Submit credit check').click();
    await done;
    const [a, b] = fake.callsOf('submitCreditCheck');
    expect(b!.args[0]).to.deep.equal({ ssn: '301274816', consent: true });
    expect(b!.idempotencyKey, 'a corrected number is a new request').not.to.equal(a!.idempotencyKey);
  });
  it('leaving the field with a short number says so; leaving it empty says nothing yet', async () => {
    const el = await mountCredit(creditApi());
    const ssn = q<HTMLInputElement>(el, '#ssn');
    ssn.focus();
    blur(ssn);
    await settle(el);
    expect(text(q(el, '#ssn-error'))).to.equal('');
    retype(ssn, '301-27');
    await settle(el);
    expect(text(q(el, '#ssn-error'))).to.equal(''); // not while typing the first time
    blur(ssn);
    await settle(el);
    expect(text(q(el, '#ssn-error'))).to.not.equal('');
    expect(ssn.getAttribute('aria-invalid')).to.equal('true');
  });

  it('back on the step after Back, the emptied field is not said to be a short or invalid number', async () => {
    const el = await mountCredit(creditApi());
    const ssn = q<HTMLInputElement>(el, '#ssn');
    retype(ssn, '301-27');
    blur(ssn);
    await settle(el);
    expect(text(q(el, '#ssn-error'))).to.not.equal('');
    const reattach = detach(el);
    reattach();
    await settle(el);
    expect(ssn.value).to.equal('');
    expect(text(q(el, '#ssn-error')), 'no message about a number no longer there').to.equal('');
    expect(ssn.getAttribute('aria-invalid')).to.equal('false');
  });

  it('a real press on Submit just after leaving a short number is not lost to the message it shows', async () => {
    const fake = creditApi();
    const el = await mountCredit(fake);
    const ssn = q<HTMLInputElement>(el, '#ssn');
    retype(ssn, '301-27');
    const submit = button(el, 'Submit credit check');
    submit.scrollIntoView({ block: 'center' });
    const box = submit.getBoundingClientRect();
    // Near the button's top edge: a message appearing as the press starts would move the button from under it.
    await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + 4)] });
    await until(() => el.shadowRoot!.activeElement?.id === 'ssn', 'the click checked the number and focused it');
    expect(text(q(el, '#ssn-error'))).to.not.equal('');
    expect(fake.calls).to.have.length(0);
  });

  it('Back does nothing while the credit check runs (its answer would be lost and the customer sent through a second check)', async () => {
    const answer = deferred<Account>();
    const fake = new FakeApi().on('submitCreditCheck', () => answer.promise);
    const el = await mountCredit(fake);
    const backs = countAtParent(el, 'sf-step-back');
    await submitWith(el);
    button(el, 'Back').click();
    await settle(el);
    const backsWhileRunning = backs.count();
    answer.resolve(makeAccount({}, { is_credit_check_submitted: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(backsWhileRunning, 'Back left the step while its credit check was running').to.equal(0);
  });

  it('a credit check answered while the exit question was over the step is told to the root once the step is back', async () => {
    const answer = deferred<Account>();
    const fake = new FakeApi().on('submitCreditCheck', () => answer.promise);
    const el = await mountCredit(fake);
    const completes = countAtParent(el, 'sf-step-complete');
    await submitWith(el);
    const putBack = detach(el); // the customer pressed close: the exit question replaces the step
    answer.resolve(makeAccount({}, { is_credit_check_submitted: true }));
    await new Promise((r) => setTimeout(r, 50));
    putBack(); // "Stay"
    await new Promise((r) => setTimeout(r, 100));
    await settle(el);
    expect(completes.count(), 'the root heard the credit check that was done').to.equal(1);
    expect(fake.callsOf('submitCreditCheck').length).to.equal(1);
  });

  it('after a lost answer, the exit question and "Stay", the same number typed again is the same credit check (same key)', async () => {
    let lost = true;
    const fake = new FakeApi().on('submitCreditCheck', async () => {
      if (lost) throw apiError(0, 'network');
      return makeAccount({}, { is_credit_check_submitted: true });
    });
    const el = await mountCredit(fake);
    await submitWith(el);
    await until(() => el.shadowRoot!.querySelector('[role="alert"]') !== null, 'the lost answer is said');
    const putBack = detach(el); // close pressed: the exit question
    putBack(); // "Stay"
    await settle(el);
    lost = false;
    await submitWith(el); // the field was cleared on leaving: the customer types the same number again
    await until(() => fake.callsOf('submitCreditCheck').length === 2);
    const [a, b] = fake.callsOf('submitCreditCheck');
    expect(b!.idempotencyKey === a!.idempotencyKey, 'the same credit check, not a second inquiry').to.equal(true);
  });

  it('a number pasted with a space before it keeps all nine digits (the masked field cut the last one)', async () => {
    const el = await mountCredit(new FakeApi());
    const input = q<HTMLInputElement>(el, '#ssn');
    input.focus();
    // A paste goes through the same editing path as insertText: the browser applies maxlength before the step sees it.
    document.execCommand('insertText', false, ' 301-27-4815');
    await settle(el);
    expect(input.value).to.equal(SSN);
  });
  it('a credit check already submitted (Back from the card step, a second tab) is not asked for again: Continue sends nothing', async () => {
    const fake = creditApi();
    const submitted = makeAccount({}, { is_identity_verified: true, has_accepted_plan: true, is_credit_check_submitted: true });
    const el = await mountCredit(fake, {}, submitted);
    expect(text(el)).to.contain('Your credit check is submitted. It is not run again.');
    expect(el.shadowRoot!.querySelector('#ssn'), 'no SSN asked').to.equal(null);
    await expect(el).to.be.accessible();
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Continue').click();
    expect((await done).detail.account).to.equal(submitted);
    expect(fake.callsOf('submitCreditCheck')).to.have.length(0);
  });

  it('a check the service says was already processed (the enrollment submitted in another tab) moves on, not "not a valid Social Security number"', async () => {
    const fake = new FakeApi().on('submitCreditCheck', async () => {
      throw apiError(422, 'unprocessable', [{ field: 'ssn', code: 'range', message: 'The credit check of this enrollment has already been processed' }]);
    });
    const el = await mountCredit(fake);
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    await submitWith(el);
    // Without an account: the root reads it, and goes where it stands.
    expect((await done).detail.account).to.equal(undefined);
    expect(text(el)).not.to.contain('not a valid Social Security number');
  });

  describe('after a reload while a check was on its way (its key beside the stored session)', () => {
    const stored = () => (JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '{}') as { write?: unknown }).write;
    const kept = JSON.stringify({ token: 'flow_t', locale: null, write: { step: 'credit', key: 'key-before-reload' } });
    afterEach(() => sessionStorage.clear());

    it('keeps the key of a check on its way beside the stored session, never the number, and drops it once answered', async () => {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_t', locale: null }));
      const seen: (string | undefined)[] = [];
      const fake = new FakeApi().on('submitCreditCheck', async () => {
        seen.push(sessionStorage.getItem(SESSION_KEY)!);
        return makeAccount({}, { is_credit_check_submitted: true });
      });
      const el = await mountCredit(fake);
      const done = oneEvent(el, 'sf-step-complete');
      await submitWith(el);
      await done;
      expect(JSON.parse(seen[0]!).write).to.deep.equal({ step: 'credit', key: fake.callsOf('submitCreditCheck')[0]!.idempotencyKey });
      expect(seen[0]).not.to.contain(SSN.replace(/\D/g, '').slice(-4));
      expect(stored()).to.equal(undefined);
    });

    it('the first check of the page goes under the kept key, whatever the number, so the service answers the first one', async () => {
      sessionStorage.setItem(SESSION_KEY, kept);
      const fake = new FakeApi().on('submitCreditCheck', async () => makeAccount({}, { is_credit_check_submitted: true }));
      const el = await mountCredit(fake);
      const done = oneEvent(el, 'sf-step-complete');
      await submitWith(el);
      await done;
      expect(fake.callsOf('submitCreditCheck')[0]!.idempotencyKey).to.equal('key-before-reload');
    });

    it('the kept key refused for another number (the first check went through): no second check, and the step says the check is submitted', async () => {
      sessionStorage.setItem(SESSION_KEY, kept);
      const fake = new FakeApi()
        .on('submitCreditCheck', async () => {
          throw apiError(422, 'unprocessable', [{ field: 'Idempotency-Key', code: 'reused', message: 'used for a different request' }]);
        })
        .on('getAccount', async () => makeAccount({}, { is_credit_check_submitted: true }));
      const el = await mountCredit(fake);
      await submitWith(el);
      await until(() => text(el).includes('Your credit check is submitted. It is not run again.'));
      expect(fake.callsOf('submitCreditCheck')).to.have.length(1);
      expect(stored()).to.equal(undefined);
      expect(el.shadowRoot!.activeElement?.id, 'focus on the heading, not lost to the page').to.equal('step-heading');
      const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
      button(el, 'Continue').click();
      await done;
      expect(fake.callsOf('submitCreditCheck'), 'Continue runs nothing').to.have.length(1);
    });
  });
});
