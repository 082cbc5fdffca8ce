import { expect, html, oneEvent } from '@open-wc/testing';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/steps/identity/identity.js';
import type { SfStepIdentity } from '../../src/steps/identity/identity.js';
import type { StepCompleteEvent } from '../../src/contract/events.js';
import { localToday } from '../../src/steps/identity/identity-rules.js';
import { setLocale } from '../../src/i18n/localization.js';
import { FakeApi, apiError, blur, button, deferred, makeAccount, mount, q, settle, text, type, until } from './harness.js';

function identityApi(): FakeApi {
  return new FakeApi().on('updateIdentity', async (body) => makeAccount({ ...body }, { is_identity_verified: true }));
}

async function mountIdentity(fake: FakeApi, account = makeAccount({ phone: '+15125550100', date_of_birth: '1985-03-27' })) {
  return mount<SfStepIdentity>(fake.api, html`<sf-step-identity .account=${account} .draft=${{}}></sf-step-identity>`);
}

function input(el: SfStepIdentity, id: string): HTMLInputElement {
  return q<HTMLInputElement>(el, `#${id}`);
}

async function setDob(el: SfStepIdentity, month: string, day: string, year: string) {
  type(input(el, 'dob-month'), month);
  type(input(el, 'dob-day'), day);
  type(input(el, 'dob-year'), year);
  await settle(el);
}

describe('sf-step-identity', () => {
  it('prefills from the account and submits the identity', async () => {
    const fake = identityApi();
    const el = await mountIdentity(fake);
    expect(input(el, 'first').value).to.equal('Pat');
    expect(input(el, 'last').value).to.equal('Doe');
    expect(input(el, 'phone').value).to.equal('(512) 555-0100');
    expect(input(el, 'email').value).to.equal('pat@example.com');
    expect([input(el, 'dob-month').value, input(el, 'dob-day').value, input(el, 'dob-year').value]).to.deep.equal(['3', '27', '1985']);
    await expect(el).to.be.accessible();

    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Continue').click();
    const event = await done;
    expect(fake.callsOf('updateIdentity')[0]!.args[0]).to.deep.equal({
      first_name: 'Pat',
      last_name: 'Doe',
      phone: '+15125550100',
      email: 'pat@example.com',
      date_of_birth: '1985-03-27',
    });
    expect(fake.callsOf('updateIdentity')[0]!.idempotencyKey).to.be.a('string');
    expect(event.detail.step).to.equal('identity');
    expect(event.detail.account?.enrollment.is_identity_verified).to.equal(true);
  });

  it('invisible characters a paste brings (direction marks, zero-width spaces) are neither refused nor sent; a Persian name keeps its joiner', async () => {
    const fake = identityApi();
    const el = await mountIdentity(fake);
    type(input(el, 'first'), '\u200FAna\u200B');
    type(input(el, 'last'), 'Farzaneh\u200cpour');
    type(input(el, 'email'), 'ana\u200B@example.com\uFEFF');
    await settle(el);
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Continue').click();
    await done;
    const sent = fake.callsOf('updateIdentity')[0]!.args[0] as Record<string, string>;
    expect([sent.first_name, sent.last_name, sent.email]).to.deep.equal(['Ana', 'Farzaneh\u200cpour', 'ana@example.com']);
  });

  it('rejects someone under 18 with a clear message and focus on the date', async () => {
    const fake = identityApi();
    const el = await mountIdentity(fake);
    const [y, m, d] = localToday().split('-').map(Number) as [number, number, number];
    // 18 tomorrow: still 17 today.
    const tomorrow = new Date(y - 18, m - 1, d + 1);
    await setDob(el, String(tomorrow.getMonth() + 1), String(tomorrow.getDate()), String(tomorrow.getFullYear()));
    button(el, 'Continue').click();
    await settle(el);
    expect(text(q(el, '#dob-error'))).to.contain('You must be 18 or older');
    expect(input(el, 'dob-month').getAttribute('aria-invalid')).to.equal('true');
    expect(input(el, 'dob-month').getAttribute('aria-describedby')).to.equal('dob-hint dob-error');
    expect(el.shadowRoot!.activeElement?.id).to.equal('dob-month');
    expect(fake.callsOf('updateIdentity')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('rejects dates that do not exist', async () => {
    const el = await mountIdentity(identityApi());
    await setDob(el, '2', '30', '1990');
    button(el, 'Continue').click();
    await settle(el);
    expect(text(q(el, '#dob-error'))).to.contain('This date does not exist');
  });

  it('formats the phone as typed and explains phone and email problems after leaving the field', async () => {
    const el = await mountIdentity(identityApi(), makeAccount({ email: '' } as never));
    const phone = input(el, 'phone');
    type(phone, '5125550');
    expect(phone.value).to.equal('(512) 555-0');
    await settle(el);
    expect(text(q(el, '#phone-error'))).to.equal(''); // not while typing the first time
    blur(phone);
    await settle(el);
    expect(text(q(el, '#phone-error'))).to.contain('10-digit US phone number');
    expect(phone.getAttribute('aria-describedby')).to.equal('phone-hint phone-error');
    type(phone, '(512) 555-0100');
    await settle(el);
    expect(text(q(el, '#phone-error'))).to.equal(''); // clears as soon as it is right

    type(phone, '(012) 555-0100');
    await settle(el);
    expect(text(q(el, '#phone-error'))).to.contain('not a valid US phone number');

    const email = input(el, 'email');
    type(email, 'pat@');
    blur(email);
    await settle(el);
    expect(text(q(el, '#email-error'))).to.contain('name@example.com');
    await expect(el).to.be.accessible();
  });

  it('focuses the first invalid field on submit', async () => {
    const fake = identityApi();
    const el = await mountIdentity(fake, makeAccount({ first_name: null, last_name: null, email: '' } as never));
    button(el, 'Continue').click();
    await settle(el);
    expect(el.shadowRoot!.activeElement?.id).to.equal('first');
    expect(text(q(el, '#first-error'))).to.contain('Enter your first name');
    expect(text(q(el, '#last-error'))).to.contain('Enter your last name');
    expect(text(q(el, '#dob-error'))).to.contain('Enter your date of birth');
    expect(fake.calls).to.have.length(0);
  });

  it('a real press on Continue just after leaving a field with a problem is not lost to the message it shows', async () => {
    const fake = identityApi();
    const el = await mountIdentity(fake);
    type(input(el, 'email'), 'pat@');
    const next = button(el, 'Continue');
    next.scrollIntoView({ block: 'center' });
    const box = next.getBoundingClientRect();
    // Near the button's top edge: were the email's message to appear as the press starts (the field is left then),
    // the button would move down from under the pointer and the release, and so the click, would miss it.
    await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + 4)] });
    await until(() => el.shadowRoot!.activeElement?.id === 'email', 'the click checked the form and focused the email');
    expect(text(q(el, '#email-error'))).to.contain('name@example.com');
    expect(fake.calls).to.have.length(0);
  });

  it('shows the service field errors next to the fields', async () => {
    const fake = new FakeApi().on('updateIdentity', async () => {
      throw apiError(422, 'unprocessable', [{ field: 'date_of_birth', code: 'range', message: 'must be 18' }]);
    });
    const el = await mountIdentity(fake);
    button(el, 'Continue').click();
    await new Promise((r) => setTimeout(r, 50));
    await settle(el);
    expect(text(q(el, '#dob-error'))).to.contain('18 or older');
    expect(el.shadowRoot!.activeElement?.id).to.equal('dob-month');
  });

  it('keeps entries in the draft', async () => {
    const draft: Record<string, unknown> = {};
    const el = await mount<SfStepIdentity>(identityApi().api, html`<sf-step-identity .account=${makeAccount()} .draft=${draft}></sf-step-identity>`);
    type(input(el, 'first'), 'Patricia');
    expect(draft.first_name).to.equal('Patricia');
  });

  it('sends the same details again after a lost answer with the same key, changed details with a new one', async () => {
    let lost = true;
    const fake = new FakeApi().on('updateIdentity', async (body) => {
      if (lost) throw apiError(0, 'network');
      return makeAccount({ ...body }, { is_identity_verified: true });
    });
    const el = await mountIdentity(fake);
    button(el, 'Continue').click();
    await until(() => text(el).includes('Try again'));
    // The customer types the first name again, the same one, and continues: the same update.
    type(input(el, 'first'), '');
    type(input(el, 'first'), 'Pat');
    button(el, 'Continue').click();
    await until(() => fake.callsOf('updateIdentity').length === 2);
    await until(() => text(el).includes('Try again'));
    // "Try again" after a corrected email: a new update.
    type(input(el, 'email'), 'pat.doe@example.com');
    lost = false;
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Try again').click();
    await done;
    const [a, b, c] = fake.callsOf('updateIdentity');
    expect(b!.idempotencyKey, 'the same details typed again').to.equal(a!.idempotencyKey);
    expect(c!.args[0]).to.include({ email: 'pat.doe@example.com' });
    expect(c!.idempotencyKey, 'changed details').not.to.equal(a!.idempotencyKey);
  });

  it('while the details are on their way, focus stays on Continue, which says it is unavailable; pressed again, nothing more is sent', async () => {
    const gate = deferred<void>();
    const fake = new FakeApi().on('updateIdentity', async (body) => {
      await gate.promise;
      return makeAccount({ ...body }, { is_identity_verified: true });
    });
    const el = await mountIdentity(fake);
    const next = button(el, 'Continue');
    next.focus();
    next.click();
    await until(() => fake.callsOf('updateIdentity').length === 1);
    await settle(el);
    // Let the browser render: a disabled button would have lost focus to the page by now.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
    const pressed = el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(pressed.getAttribute('aria-disabled')).to.equal('true');
    expect(pressed.getAttribute('aria-busy')).to.equal('true');
    expect(document.activeElement === document.body, 'focus lost to the page').to.equal(false);
    expect(el.shadowRoot!.activeElement === pressed, 'focus on the button pressed').to.equal(true);
    pressed.click();
    await settle(el);
    expect(fake.callsOf('updateIdentity')).to.have.length(1);
    gate.resolve();
  });

  it('after a failed Continue, focus is on "Try again", not lost to the page (the pressed button was disabled)', async () => {
    const fake = new FakeApi().on('updateIdentity', async () => {
      throw apiError(0, 'network');
    });
    const el = await mountIdentity(fake);
    const next = button(el, 'Continue');
    next.focus();
    next.click();
    await until(() => text(el).includes('Try again'));
    await settle(el);
    expect(el.shadowRoot!.activeElement === button(el, 'Try again'), 'focus on Try again').to.equal(true);
  });

  it('accepts a name typed with the typographic apostrophe iPhones insert (O’Brien)', async () => {
    const fake = new FakeApi().on('updateIdentity', async (body) => makeAccount({ ...body }, { is_identity_verified: true }));
    const el = await mountIdentity(fake);
    type(q<HTMLInputElement>(el, '#last'), 'O\u2019Brien');
    await settle(el);
    button(el, 'Continue').click();
    await settle(el);
    await new Promise((r) => setTimeout(r, 50));
    expect(text(q(el, '#last-error')), 'the last name is refused').to.equal('');
    expect(fake.callsOf('updateIdentity').length, 'the identity is sent').to.equal(1);
  });

  it('a two-digit year is said to be the problem, not "check the month and the day"', async () => {
    const el = await mountIdentity(new FakeApi());
    type(q<HTMLInputElement>(el, '#dob-month'), '3');
    type(q<HTMLInputElement>(el, '#dob-day'), '27');
    type(q<HTMLInputElement>(el, '#dob-year'), '85');
    await settle(el);
    button(el, 'Continue').click();
    await settle(el);
    const said = text(q(el, '#dob-error'));
    expect(/year/i.test(said), `the message names the year: "${said}"`).to.equal(true);
    expect(el.shadowRoot!.activeElement?.id, 'focus on the year, the field to fix').to.equal('dob-year');
  });
  it('Continue again after the save went through (Back from a later step) is a new request: the account as it is now, not the replay of the first save', async () => {
    // As the service does: a key it has seen replays the first answer (docs/api-decisions.md, Idempotency).
    const replays = new Map<string, ReturnType<typeof makeAccount>>();
    let creditDone = false;
    const fake = new FakeApi();
    fake.on('updateIdentity', async (body) => {
      const key = fake.calls.at(-1)!.idempotencyKey!;
      const account = replays.get(key) ?? makeAccount({ ...body }, { is_identity_verified: true, has_accepted_plan: true, is_credit_check_submitted: creditDone });
      replays.set(key, account);
      return account;
    });
    const el = await mountIdentity(fake);
    let done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Continue').click();
    await done;
    await settle(el);
    // The credit check was run; the customer came Back to this step and pressed Continue, nothing changed.
    creditDone = true;
    done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Continue').click();
    expect((await done).detail.account?.enrollment.is_credit_check_submitted, 'a replay would send the customer back to the credit check').to.equal(true);
  });

  it("a surname that starts with an apostrophe ('t Hooft) is a name, as the message says apostrophes are", async () => {
    const fake = identityApi();
    const el = await mountIdentity(fake);
    type(q<HTMLInputElement>(el, '#last'), "'t Hooft");
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Continue').click();
    await done;
    expect(fake.callsOf('updateIdentity')[0]!.body).to.include({ last_name: "'t Hooft" });
  });

  it('a year pasted with a space before it keeps all four digits (the field\'s maxlength cut the last one)', async () => {
    const el = await mountIdentity(identityApi());
    const year = input(el, 'dob-year');
    year.focus();
    year.select();
    // A paste goes through the same editing path as insertText: the browser applies maxlength before the step sees it.
    document.execCommand('insertText', false, ' 1985');
    await settle(el);
    expect(year.value).to.equal('1985');
    type(input(el, 'dob-month'), '3/');
    await settle(el);
    expect(input(el, 'dob-month').value, 'digits only, at most two').to.equal('3');
    type(input(el, 'dob-day'), '127');
    await settle(el);
    expect(input(el, 'dob-day').value, 'digits only, at most two').to.equal('12');
  });

  it('a date of birth with a part left empty puts focus on that part, a year too far back on the year, not on the month already filled', async () => {
    const fake = identityApi();
    const el = await mountIdentity(fake);
    // Continue pressed from elsewhere (typing put focus in the last part typed).
    const submitFromName = async () => {
      input(el, 'first').focus();
      button(el, 'Continue').click();
      await settle(el);
    };
    await setDob(el, '3', '', '1985');
    await submitFromName();
    expect(text(q(el, '#dob-error'))).to.contain('Enter the month, day and year');
    expect(el.shadowRoot!.activeElement?.id, 'focus on the day, the part to fill').to.equal('dob-day');
    await setDob(el, '3', '27', '');
    await submitFromName();
    expect(el.shadowRoot!.activeElement?.id, 'focus on the year, the part to fill').to.equal('dob-year');
    // "Check the year you were born": the year is the part to fix.
    await setDob(el, '3', '27', '1890');
    await submitFromName();
    expect(text(q(el, '#dob-error'))).to.contain('Check the year');
    expect(el.shadowRoot!.activeElement?.id, 'focus on the year the message names').to.equal('dob-year');
    expect(fake.calls).to.have.length(0);
  });

  it('a whole date pasted into one part fills the three (3/27/1985, 1985-03-27), and is sent as that date', async () => {
    const fake = identityApi();
    const el = await mountIdentity(fake);
    const parts = () => [input(el, 'dob-month').value, input(el, 'dob-day').value, input(el, 'dob-year').value];
    type(input(el, 'dob-month'), ' 03/27/1990 ');
    await settle(el);
    expect(parts()).to.deep.equal(['03', '27', '1990']);
    type(input(el, 'dob-year'), '1988-12-05');
    await settle(el);
    expect(parts()).to.deep.equal(['12', '05', '1988']);
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Continue').click();
    await done;
    expect(fake.callsOf('updateIdentity')[0]!.args[0]).to.include({ date_of_birth: '1988-12-05' });
  });

  it('full-width digits (an Asian keyboard\'s １９８５) count as the digits they are, in the date and the phone', async () => {
    const fake = identityApi();
    const el = await mountIdentity(fake);
    await setDob(el, '３', '２７', '１９８５');
    expect([input(el, 'dob-month').value, input(el, 'dob-day').value, input(el, 'dob-year').value]).to.deep.equal(['3', '27', '1985']);
    const phone = input(el, 'phone');
    type(phone, '５１２５５５０１９９');
    expect(phone.value).to.equal('(512) 555-0199');
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Continue').click();
    await done;
    expect(fake.callsOf('updateIdentity')[0]!.args[0]).to.include({ phone: '+15125550199', date_of_birth: '1985-03-27' });
  });

  describe('the date of birth: one message per submission that says everything to fix', () => {
    afterEach(() => setLocale('en'));
    const thisYear = Number(localToday().slice(0, 4));
    const say = {
      required: ['Enter your date of birth.', 'Escriba su fecha de nacimiento.'],
      incomplete: ['Enter the month, day and year you were born.', 'Escriba el mes, el día y el año en que nació.'],
      incompleteWrong: [
        'Enter the month, day and year you were born: a date that exists, with the year in 4 digits, for example 3 27 1985.',
        'Escriba el mes, el día y el año en que nació: una fecha que exista, con el año de 4 dígitos, por ejemplo 3 27 1985 (mes, día, año).',
      ],
      year: ['Enter the year with 4 digits, for example 1985.', 'Escriba el año con 4 dígitos, por ejemplo 1985.'],
      notADate: ['This date does not exist. Check the month and the day.', 'Esta fecha no existe. Revise el mes y el día.'],
      notADateYear: [
        'This date does not exist and the year needs 4 digits: check the month and the day, and enter the year like 1985.',
        'Esta fecha no existe y el año debe tener 4 dígitos: revise el mes y el día, y escriba el año completo, por ejemplo 1985.',
      ],
      future: ['Your date of birth must be in the past.', 'Su fecha de nacimiento debe estar en el pasado.'],
      tooOld: ['Check the year you were born.', 'Revise el año en que nació.'],
      under18: ['You must be 18 or older to sign up for electricity service.', 'Debe tener 18 años o más para contratar el servicio de electricidad.'],
    } as const;
    // [month, day, year as typed, what is said, why]
    const cases: [string, string, string, readonly [string, string], string][] = [
      ['', '', '', say.required, 'nothing typed'],
      ['March', 'x', 'abcd', say.required, 'letters (the parts keep digits only)'],
      ['3', '', '1985', say.incomplete, 'the day left empty'],
      ['13', '', '1985', say.incompleteWrong, 'the day empty and no month 13: not "fill the day" first, "no such month" next'],
      ['3', '', '85', say.incompleteWrong, 'the day empty and a 2-digit year'],
      ['3', '27', '85', say.year, 'a 2-digit year alone'],
      ['2', '29', '84', say.year, 'Feb 29 is a date in some years: the year alone'],
      ['2', '31', '85', say.notADateYear, 'no Feb 31 and a 2-digit year: both at once, not the year first and the date next'],
      ['13', '1', '90', say.notADateYear, 'no month 13 and a 2-digit year'],
      ['13', '1', '1990', say.notADate, 'no month 13'],
      ['00', '00', '1990', say.notADate, 'month and day 00'],
      ['2', '29', '1985', say.notADate, 'no Feb 29 in 1985'],
      ['3', '27', '0085', say.tooOld, 'a 4-digit year before 100 is not "check the month and the day"'],
      ['3', '27', '1890', say.tooOld, 'over 120'],
      ['1', '1', String(thisYear + 1), say.future, 'next year'],
      ['1', '1', String(thisYear - 10), say.under18, 'ten years old'],
    ];
    for (const [month, day, year, [en, es], why] of cases) {
      it(`${month || '_'}/${day || '_'}/${year || '_'}: ${why}`, async () => {
        const fake = identityApi();
        const el = await mountIdentity(fake);
        await setDob(el, month, day, year);
        button(el, 'Continue').click();
        await settle(el);
        expect(text(q(el, '#dob-error'))).to.equal(en);
        expect(fake.calls).to.have.length(0);
        await setLocale('es');
        await settle(el);
        expect(text(q(el, '#dob-error'))).to.equal(es);
      });
    }
  });

  it('says the electricity provider needs the details, not "the utility" (the delivery company, which is not given them)', async () => {
    const el = await mountIdentity(identityApi());
    const lead = text(q(el, '.lead'));
    expect(lead).to.contain('The electricity provider needs these details');
    expect(lead).not.to.contain('utility');
  });

  it('the kept key refused for other details (the ones before the reload were saved): these are saved too, under a key of their own', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_t', locale: null, write: { step: 'identity', key: 'key-before-reload' } }));
    try {
      let first = true;
      const fake = new FakeApi().on('updateIdentity', async (body) => {
        if (first) {
          first = false;
          throw apiError(422, 'unprocessable', [{ field: 'Idempotency-Key', code: 'reused', message: 'used for a different request' }]);
        }
        return makeAccount({ ...body }, { is_identity_verified: true });
      });
      const el = await mountIdentity(fake);
      const done = oneEvent(el, 'sf-step-complete');
      button(el, 'Continue').click();
      await done;
      const keys = fake.callsOf('updateIdentity').map((c) => c.idempotencyKey);
      expect(keys).to.have.length(2);
      expect(keys[0]).to.equal('key-before-reload');
      expect(keys[1]).not.to.equal('key-before-reload');
      expect(text(el)).not.to.contain('Something went wrong');
    } finally {
      sessionStorage.clear();
    }
  });

  it('after a reload while the details were on their way, the first save goes under their kept key (one update, not two)', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_t', locale: null, write: { step: 'identity', key: 'key-before-reload' } }));
    try {
      const fake = identityApi();
      const el = await mountIdentity(fake);
      const done = oneEvent(el, 'sf-step-complete');
      button(el, 'Continue').click();
      await done;
      expect(fake.callsOf('updateIdentity').map((c) => c.idempotencyKey)).to.deep.equal(['key-before-reload']);
      expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).write, 'answered: nothing kept').to.equal(undefined);
    } finally {
      sessionStorage.clear();
    }
  });
});
