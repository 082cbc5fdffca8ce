/**
 * Walking the enrollment flow step by step, the way a customer does, for every end-to-end spec.
 *
 * Each step helper first checks that its step is on screen (the step's `<h1>` in the expected language, and focus
 * on it, as the flow promises), calls `drive.onStep` (screenshots, axe), then does what a customer does there and
 * submits. It does not wait for the next step: the next helper checks its own arrival, so a flow that goes
 * somewhere unexpected fails with the heading that was shown instead.
 *
 * ```ts
 * const { frame } = await openFlowInModal(page);
 * await completeAddress(frame, { street: '3005 Routh St', zip: '75201', esiId: '10443722030050010' });
 * await acceptFirstPlan(frame);
 * await fillIdentity(frame);
 * await submitCredit(frame);
 * await addCard(frame, CARDS.visa);
 * await finalize(frame);
 * await finishDone(frame);            // the host then receives service-flow-close, reason "completed"
 * ```
 *
 * `scope` is the flow's document: a FrameLocator (modal, WebView) or a Page (a hosted link opened at top level).
 *
 * `drive.keyboard`: only `page.keyboard` is used inside the flow (Tab / Shift+Tab to move, typing into fields,
 * Space for check boxes, arrows for radio buttons, Enter for buttons): no clicks, no `fill()`, no `check()`.
 * `drive.locale: 'es'`: every heading, label and button is looked up by its Spanish text.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export type FlowScope = FrameLocator | Page;
export type Lang = 'en' | 'es';

export type StepName = 'address' | 'plans' | 'identity' | 'credit' | 'payment' | 'review' | 'done';
/** A step or a view inside one (`onStep` receives these). */
export type ViewName =
  | StepName
  | 'address-confirm'
  | 'address-choice'
  | 'address-lookup'
  | 'plans-accept'
  | 'payment-form'
  | 'payment-error'
  | 'payment-3ds';

export interface Drive {
  /** The language the flow is in (default `en`). */
  locale?: Lang;
  /** Keyboard only (see the module comment). */
  keyboard?: boolean;
  /** Called once each step or view is on screen and settled, e.g. for screenshots or an axe check. */
  onStep?: (view: ViewName) => Promise<void>;
}

/** Visible text of the flow, by language: what a customer reads (from src/i18n/locales/es.ts for Spanish). */
export const TEXT = {
  en: {
    headings: {
      address: 'Where do you need electricity?',
      plans: 'Choose your electricity plan',
      identity: 'Tell us about yourself',
      credit: 'Credit check',
      payment: 'Add a card for auto-pay',
      review: 'Review and submit',
      done: 'Enrollment received',
    },
    confirmHeading: 'Is this your address?',
    choiceHeading: 'Which meter is yours?',
    noMatchHeading: 'We could not find that exact address',
    street: 'Street address',
    unit: 'Apartment or unit',
    zip: 'ZIP code',
    findAddress: 'Find my address',
    thisIsMyAddress: 'This is my address',
    esiId: 'ESI ID',
    findByEsiId: 'Find by ESI ID',
    continue: 'Continue',
    back: 'Back',
    choosePlan: 'Choose this plan',
    acceptHeading: /^Start date and terms for /,
    startDate: 'Service start date',
    terms: 'I have read and agree to the Electricity Facts Label, Terms of Service and Your Rights as a Customer.',
    acceptPlan: 'Accept plan',
    efl: /^Electricity Facts Label/,
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Mobile phone number',
    email: 'Email address',
    month: 'Month',
    day: 'Day',
    year: 'Year',
    ssn: 'Social Security number',
    consent: 'I agree to the credit check terms.',
    submitCredit: 'Submit credit check',
    cardHeading: 'Card details',
    cardNumber: 'Card number',
    cardExpiry: 'Expiration date (MM / YY)',
    cardCvc: 'Security code (CVC)',
    cardZip: 'ZIP code',
    saveCard: 'Save card',
    cardNotSaved: 'Your card was not saved.',
    threeDsDialog: 'Authenticate your card',
    threeDsFrame: '3-D Secure authentication',
    threeDsComplete: 'Complete authentication',
    threeDsFail: 'Fail authentication',
    submitEnrollment: 'Submit enrollment',
    done: 'Done',
    close: 'Close',
  },
  es: {
    headings: {
      address: '¿Dónde necesita electricidad?',
      plans: 'Elija su plan de electricidad',
      identity: 'Cuéntenos sobre usted',
      credit: 'Verificación de crédito',
      payment: 'Agregue una tarjeta para el pago automático',
      review: 'Revise y envíe',
      done: 'Inscripción recibida',
    },
    confirmHeading: '¿Es esta su dirección?',
    choiceHeading: '¿Cuál es su medidor?',
    noMatchHeading: 'No encontramos esa dirección exacta',
    street: 'Dirección',
    unit: 'Apartamento o unidad',
    zip: 'Código postal',
    findAddress: 'Buscar mi dirección',
    thisIsMyAddress: 'Esta es mi dirección',
    esiId: 'ESI ID',
    findByEsiId: 'Buscar por ESI ID',
    continue: 'Continuar',
    back: 'Atrás',
    choosePlan: 'Elegir este plan',
    acceptHeading: /^Fecha de inicio y términos de /,
    startDate: 'Fecha de inicio del servicio',
    terms: 'He leído y acepto la Etiqueta de Datos de Electricidad, los Términos de Servicio y Sus Derechos como Cliente.',
    acceptPlan: 'Aceptar plan',
    efl: /^Etiqueta de Datos de Electricidad/,
    firstName: 'Nombre',
    lastName: 'Apellido',
    phone: 'Número de teléfono celular',
    email: 'Correo electrónico',
    month: 'Mes',
    day: 'Día',
    year: 'Año',
    ssn: 'Número de Seguro Social',
    consent: 'Acepto los términos de la verificación de crédito.',
    submitCredit: 'Enviar verificación de crédito',
    cardHeading: 'Datos de la tarjeta',
    cardNumber: 'Número de tarjeta',
    cardExpiry: 'Fecha de vencimiento (MM / AA)',
    cardCvc: 'Código de seguridad (CVC)',
    cardZip: 'Código postal',
    saveCard: 'Guardar tarjeta',
    cardNotSaved: 'Su tarjeta no se guardó.',
    threeDsDialog: 'Autentica tu tarjeta',
    threeDsFrame: 'Autenticación 3-D Secure',
    threeDsComplete: 'Completar autenticación',
    threeDsFail: 'Fallar autenticación',
    submitEnrollment: 'Enviar inscripción',
    done: 'Listo',
    close: 'Cerrar',
  },
} as const;

export type FlowText = (typeof TEXT)[Lang];

/** The sandbox's test cards (demo/sandbox/processor/cards.ts). */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  threeDSecure: '4000 0025 0000 3155',
} as const;

/** Sandbox test addresses used by the specs (demo/sandbox/README.md). */
export const ADDRESSES = {
  routh: { street: '3005 Routh St', zip: '75201', esiId: '10443722030050010', city: 'Dallas' },
  bissonnet: { street: '3106 Bissonnet St', zip: '77005', esiId: '1008901523106401173002', city: 'Houston' },
  welch: { street: '1819 Welch St', zip: '77019', esiIds: ['1008901611819073155007', '1008901611819073156005'] },
} as const;

export interface AddressEntry {
  street: string;
  unit?: string;
  zip: string;
  /** When given, the confirmation must show exactly this ESI ID. */
  esiId?: string;
}

export interface IdentityEntry {
  firstName: string;
  lastName: string;
  /** Typed as a customer would, e.g. "5125550100"; the field formats it. */
  phone: string;
  /** Left as prefilled (the account's email) when undefined. */
  email?: string;
  /** MM, DD, YYYY. */
  dob: [string, string, string];
}

export const DEFAULT_IDENTITY: IdentityEntry = {
  firstName: 'Maria',
  lastName: 'Garza',
  phone: '5125550100',
  dob: ['03', '27', '1985'],
};

export interface CardEntry {
  number: string;
  /** "MM / YY" digits, e.g. "1234" (December 2034). */
  expiry?: string;
  cvc?: string;
  zip?: string;
}

// ── Basics ─────────────────────────────────────────────────────────────────────────────────────────────────────

export function text(drive: Drive = {}): FlowText {
  return TEXT[drive.locale ?? 'en'];
}

/** The Page behind a scope (for page.keyboard). */
export function pageOf(scope: FlowScope): Page {
  return 'owner' in scope ? scope.owner().page() : scope;
}

/** The current view's `<h1>` (every view renders exactly one, `#step-heading`). */
export function stepHeading(scope: FlowScope): Locator {
  return scope.locator('h1#step-heading');
}

/** A description of the focused element inside the flow's document (through shadow roots), for messages. */
export async function focusedElement(scope: FlowScope): Promise<string> {
  return scope.locator(':root').evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return '(nothing)';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60) ?? '';
    return `<${el.localName}${el.id ? ` id="${el.id}"` : ''}> ${name}`;
  });
}

/** Whether `target` is the deepest focused element of its document. */
export async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((node) => {
    let el: Element | null = node.ownerDocument.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el === node;
  });
}

export async function expectFocused(target: Locator, what: string): Promise<void> {
  await expect.poll(() => isFocused(target), { message: `focus should be on ${what}`, timeout: 5_000 }).toBe(true);
}

/**
 * Checks that `step` is on screen: its heading in the drive's language, focused (the flow moves focus to each new
 * step's heading), then calls `onStep`.
 */
export async function expectStep(scope: FlowScope, step: StepName, drive: Drive = {}): Promise<void> {
  const heading = stepHeading(scope);
  await expect(heading).toHaveText(text(drive).headings[step], { timeout: 20_000 });
  await expectFocused(heading, `the heading of the ${step} step`);
  await drive.onStep?.(step);
}

/** Checks that a sub-view's `<h2>` (address confirmation, meter choice, lookup) is shown and focused. */
async function expectSubView(scope: FlowScope, name: string | RegExp, view: ViewName, drive: Drive): Promise<void> {
  const heading = scope.getByRole('heading', { level: 2, name, exact: typeof name === 'string' });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  await expectFocused(heading, `the heading "${String(name)}"`);
  await drive.onStep?.(view);
}

// ── Keyboard-or-pointer actions ────────────────────────────────────────────────────────────────────────────────

/**
 * Moves focus to `target` with Tab (forward first, then Shift+Tab backward), as a keyboard user would, and fails
 * when the element cannot be reached that way.
 */
export async function tabTo(scope: FlowScope, target: Locator, what = 'the element'): Promise<void> {
  const page = pageOf(scope);
  await expect(target).toBeVisible();
  if (await isFocused(target)) return;
  for (const key of ['Tab', 'Shift+Tab'] as const) {
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press(key);
      if (await isFocused(target)) return;
    }
  }
  throw new Error(`${what} cannot be reached with Tab / Shift+Tab (focus is on ${await focusedElement(scope)})`);
}

/** Types `value` into a field (keyboard: Tab to it, which selects its text, then type over it). */
export async function enter(scope: FlowScope, field: Locator, value: string, drive: Drive = {}, what = 'the field'): Promise<void> {
  if (!drive.keyboard) {
    await field.fill(value);
    return;
  }
  await tabTo(scope, field, what);
  if ((await field.inputValue()) === value) return;
  const page = pageOf(scope);
  // Tab selects a text field's content in Chromium, so typing replaces it; a field reached otherwise is cleared.
  const selected = await field.evaluate((el: HTMLInputElement) => {
    try {
      return el.selectionStart === 0 && el.selectionEnd === el.value.length;
    } catch {
      return true; // no selection API (type=email): Tab selected it anyway
    }
  });
  if (!selected) {
    await page.keyboard.press('End');
    for (let i = (await field.inputValue()).length; i > 0; i -= 1) await page.keyboard.press('Backspace');
  }
  await page.keyboard.type(value);
}

/** Presses a button (keyboard: Tab to it, Enter). */
export async function press(scope: FlowScope, button: Locator, drive: Drive = {}, what = 'the button'): Promise<void> {
  if (!drive.keyboard) {
    await button.click();
    return;
  }
  await tabTo(scope, button, what);
  await pageOf(scope).keyboard.press('Enter');
}

/** Ticks a check box (keyboard: Tab to it, Space). */
export async function tick(scope: FlowScope, box: Locator, drive: Drive = {}, what = 'the check box'): Promise<void> {
  if (!drive.keyboard) {
    await box.check();
  } else {
    await tabTo(scope, box, what);
    if (!(await box.isChecked())) await pageOf(scope).keyboard.press('Space');
  }
  await expect(box).toBeChecked();
}

/** Selects a radio button (keyboard: Tab into the group, arrows to the wanted one). */
export async function selectRadio(scope: FlowScope, group: Locator, radio: Locator, drive: Drive = {}): Promise<void> {
  if (!drive.keyboard) {
    await radio.check();
  } else {
    const page = pageOf(scope);
    const radios = await group.count();
    // Tab enters a group on its checked radio, or on its first one when none is checked.
    let entered = false;
    for (let i = 0; i < radios && !entered; i += 1) {
      if (await group.nth(i).isVisible()) {
        try {
          await tabTo(scope, group.nth(i), 'the radio group');
          entered = true;
        } catch {
          // not the entry point of the group; try the next radio
        }
      }
    }
    if (!entered) throw new Error('the radio group cannot be reached with Tab');
    for (let i = 0; i <= radios && !(await isFocused(radio)); i += 1) await page.keyboard.press('ArrowDown');
    if (!(await radio.isChecked())) await page.keyboard.press('Space');
  }
  await expect(radio).toBeChecked();
}

// ── Address ────────────────────────────────────────────────────────────────────────────────────────────────────

/** Address step: types the address into the form and presses "Find my address" (no expectation about the result). */
export async function searchAddress(scope: FlowScope, address: AddressEntry, drive: Drive = {}): Promise<void> {
  const t = text(drive);
  await expectStep(scope, 'address', drive);
  await enter(scope, scope.getByLabel(t.street, { exact: true }), address.street, drive, 'the street field');
  if (address.unit !== undefined) await enter(scope, scope.getByRole('textbox', { name: t.unit }), address.unit, drive, 'the unit field');
  await enter(scope, scope.getByLabel(t.zip, { exact: true }), address.zip, drive, 'the ZIP field');
  await press(scope, scope.getByRole('button', { name: t.findAddress, exact: true }), drive, 'Find my address');
}

/**
 * The confirmation view: shows the ESI ID (`esiId` when given, else any), and "This is my address". Returns the
 * ESI ID shown.
 */
export async function confirmAddress(scope: FlowScope, esiId: string | undefined, drive: Drive = {}): Promise<string> {
  const t = text(drive);
  await expectSubView(scope, t.confirmHeading, 'address-confirm', drive);
  const shown = scope.locator('sf-address-confirm dd.esi');
  if (esiId) await expect(shown).toHaveText(esiId);
  const value = (await shown.textContent())?.trim() ?? '';
  expect(value, 'the confirmation shows an ESI ID').toMatch(/^10\d{15}(\d{5})?$/);
  await press(scope, scope.getByRole('button', { name: t.thisIsMyAddress, exact: true }), drive, 'This is my address');
  return value;
}

/** Address step start to end for an address with one meter: search, confirm (checking `esiId` when given). */
export async function completeAddress(scope: FlowScope, address: AddressEntry, drive: Drive = {}): Promise<string> {
  await searchAddress(scope, address, drive);
  return confirmAddress(scope, address.esiId, drive);
}

/**
 * Several meters at the address: checks every `expectedEsiIds` is offered, chooses `esiId`, Continue. The
 * confirmation view comes next (`confirmAddress`).
 */
export async function chooseMeter(scope: FlowScope, esiId: string, drive: Drive = {}, expectedEsiIds: readonly string[] = []): Promise<void> {
  const t = text(drive);
  await expectSubView(scope, t.choiceHeading, 'address-choice', drive);
  const radios = scope.locator('sf-address-choice').getByRole('radio');
  for (const id of expectedEsiIds) await expect(scope.getByRole('radio', { name: new RegExp(id) })).toBeVisible();
  await selectRadio(scope, radios, scope.getByRole('radio', { name: new RegExp(esiId) }), drive);
  await press(scope, scope.locator('sf-address-choice').getByRole('button', { name: t.continue, exact: true }), drive, 'Continue');
}

/** The "could not find that exact address" view: searches by ESI ID. The confirmation view comes next. */
export async function searchByEsiId(scope: FlowScope, esiId: string, drive: Drive = {}): Promise<void> {
  const t = text(drive);
  await expectSubView(scope, t.noMatchHeading, 'address-lookup', drive);
  await enter(scope, scope.getByRole('textbox', { name: t.esiId, exact: true }), esiId, drive, 'the ESI ID field');
  await press(scope, scope.getByRole('button', { name: t.findByEsiId, exact: true }), drive, 'Find by ESI ID');
}

// ── Plans ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface AcceptPlanOptions {
  /** Which plan card (0-based, default 0). */
  index?: number;
  /**
   * YYYY-MM-DD, or a number of days after the plan's earliest start date (checked against its latest); default:
   * the prefilled earliest start date, kept as is.
   */
  startDate?: string | { daysAfterEarliest: number };
}

export interface AcceptedPlanInfo {
  name: string;
  startDate: string;
}

/** The plan cards (`<article>` per plan). */
export function planCards(scope: FlowScope): Locator {
  return scope.locator('sf-plan-card article');
}

/** Plans step: chooses a plan, sets the start date (when given), ticks the terms, "Accept plan". */
export async function acceptPlan(scope: FlowScope, opts: AcceptPlanOptions = {}, drive: Drive = {}): Promise<AcceptedPlanInfo> {
  const t = text(drive);
  await expectStep(scope, 'plans', drive);
  const card = planCards(scope).nth(opts.index ?? 0);
  await expect(card).toBeVisible({ timeout: 20_000 });
  const name = ((await card.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
  await press(scope, card.getByRole('button', { name: t.choosePlan, exact: true }), drive, `Choose this plan (${name})`);

  const accept = scope.locator('sf-plan-accept');
  const heading = accept.getByRole('heading', { name: t.acceptHeading });
  await expect(heading).toHaveText(new RegExp(escapeRegExp(name)));
  await expectFocused(heading, 'the start date and terms heading');
  await drive.onStep?.('plans-accept');

  const date = accept.getByLabel(t.startDate, { exact: true });
  await expect(date).not.toHaveValue('');
  if (opts.startDate) {
    if (drive.keyboard) throw new Error('acceptPlan: a custom start date is not typed in keyboard mode');
    let value = opts.startDate;
    if (typeof value !== 'string') {
      const [min, max] = [await date.getAttribute('min'), await date.getAttribute('max')];
      const d = new Date(`${min}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + value.daysAfterEarliest);
      value = d.toISOString().slice(0, 10);
      expect(value <= (max ?? ''), `${value} is within the plan's window (${min} to ${max})`).toBe(true);
    }
    await date.fill(value);
    await expect(date).toHaveValue(value);
  }
  const startDate = await date.inputValue();
  await tick(scope, accept.getByRole('checkbox', { name: t.terms, exact: true }), drive, 'the terms check box');
  await press(scope, accept.getByRole('button', { name: t.acceptPlan, exact: true }), drive, 'Accept plan');
  return { name, startDate };
}

export function acceptFirstPlan(scope: FlowScope, drive: Drive = {}): Promise<AcceptedPlanInfo> {
  return acceptPlan(scope, {}, drive);
}

// ── Identity, credit ───────────────────────────────────────────────────────────────────────────────────────────

/** Identity step: name, phone, email (kept as prefilled unless given), date of birth, Continue. */
export async function fillIdentity(scope: FlowScope, identity: Partial<IdentityEntry> = {}, drive: Drive = {}): Promise<IdentityEntry> {
  const t = text(drive);
  const who = { ...DEFAULT_IDENTITY, ...identity };
  await expectStep(scope, 'identity', drive);
  await enter(scope, scope.getByLabel(t.firstName, { exact: true }), who.firstName, drive, 'the first name field');
  await enter(scope, scope.getByLabel(t.lastName, { exact: true }), who.lastName, drive, 'the last name field');
  await enter(scope, scope.getByLabel(t.phone, { exact: true }), who.phone, drive, 'the phone field');
  const email = scope.getByLabel(t.email, { exact: true });
  if (who.email !== undefined) await enter(scope, email, who.email, drive, 'the email field');
  else await expect(email, 'the email is prefilled from the account').not.toHaveValue('');
  await enter(scope, scope.getByLabel(t.month, { exact: true }), who.dob[0], drive, 'the birth month');
  await enter(scope, scope.getByLabel(t.day, { exact: true }), who.dob[1], drive, 'the birth day');
  await enter(scope, scope.getByLabel(t.year, { exact: true }), who.dob[2], drive, 'the birth year');
  await press(scope, scope.locator('sf-step-identity').getByRole('button', { name: t.continue, exact: true }), drive, 'Continue');
  return who;
}

/** Credit step: the SSN (default a passing one), consent, "Submit credit check". */
export async function submitCredit(scope: FlowScope, ssn = '123-45-6789', drive: Drive = {}): Promise<void> {
  const t = text(drive);
  await expectStep(scope, 'credit', drive);
  await enter(scope, scope.getByLabel(t.ssn, { exact: true }), ssn, drive, 'the SSN field');
  await tick(scope, scope.getByRole('checkbox', { name: t.consent, exact: true }), drive, 'the consent check box');
  await press(scope, scope.getByRole('button', { name: t.submitCredit, exact: true }), drive, 'Submit credit check');
}

// ── Card ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** Payment step: waits for the card form (the processor's Payment Element, in the flow's light DOM). */
export async function expectCardForm(scope: FlowScope, drive: Drive = {}): Promise<void> {
  const t = text(drive);
  await expect(scope.getByRole('heading', { level: 2, name: t.cardHeading, exact: true })).toBeVisible();
  await expect(scope.getByLabel(t.cardNumber, { exact: true })).toBeEditable({ timeout: 20_000 });
  await expect(scope.getByRole('button', { name: t.saveCard, exact: true })).toBeEnabled();
}

/** Fills the card form (the step must be on screen: `expectStep(scope, 'payment')` or a previous `addCard`). */
export async function fillCard(scope: FlowScope, card: CardEntry | string, drive: Drive = {}): Promise<void> {
  const t = text(drive);
  const c: CardEntry = typeof card === 'string' ? { number: card } : card;
  await expectCardForm(scope, drive);
  await enter(scope, scope.getByLabel(t.cardNumber, { exact: true }), c.number, drive, 'the card number');
  await enter(scope, scope.getByLabel(t.cardExpiry, { exact: true }), c.expiry ?? '12 / 34', drive, 'the card expiry');
  await enter(scope, scope.getByLabel(t.cardCvc, { exact: true }), c.cvc ?? '123', drive, 'the card CVC');
  await enter(scope, scope.getByLabel(t.cardZip, { exact: true }), c.zip ?? '77002', drive, 'the card ZIP');
  await drive.onStep?.('payment-form');
}

export async function saveCard(scope: FlowScope, drive: Drive = {}): Promise<void> {
  await press(scope, scope.getByRole('button', { name: text(drive).saveCard, exact: true }), drive, 'Save card');
}

/** Payment step start to end with a card that needs no authentication: form, fill, "Save card". */
export async function addCard(scope: FlowScope, card: CardEntry | string = CARDS.visa, drive: Drive = {}): Promise<void> {
  await expectStep(scope, 'payment', drive);
  await fillCard(scope, card, drive);
  await saveCard(scope, drive);
}

/** The card error alert of the payment step. */
export function cardError(scope: FlowScope, drive: Drive = {}): Locator {
  // An alert, or (given focus, which reads it) no longer one: src/steps/shared/later-step.ts.
  return scope.locator('.refusal').filter({ hasText: text(drive).cardNotSaved });
}

/** The 3-D Secure dialog of the card processor (over the flow) and the bank's page inside it. */
export function threeDSecure(scope: FlowScope, drive: Drive = {}) {
  const t = text(drive);
  const dialog = scope.getByRole('dialog', { name: t.threeDsDialog, exact: true });
  const challenge = dialog.getByTitle(t.threeDsFrame, { exact: true }).contentFrame();
  return { dialog, challenge };
}

/** Answers the 3-D Secure challenge ("Complete authentication" or "Fail authentication") and waits for it to close. */
export async function answer3ds(scope: FlowScope, outcome: 'complete' | 'fail' = 'complete', drive: Drive = {}): Promise<void> {
  const t = text(drive);
  const { dialog, challenge } = threeDSecure(scope, drive);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const button = challenge.getByRole('button', { name: outcome === 'complete' ? t.threeDsComplete : t.threeDsFail, exact: true });
  await expect(button).toBeVisible();
  await drive.onStep?.('payment-3ds');
  if (drive.keyboard) {
    await tabTo(scope, button, 'the 3-D Secure button');
    await pageOf(scope).keyboard.press('Enter');
  } else {
    await button.click();
  }
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

// ── Review, done ───────────────────────────────────────────────────────────────────────────────────────────────

/** Review step: "Submit enrollment". */
export async function finalize(scope: FlowScope, drive: Drive = {}): Promise<void> {
  const t = text(drive);
  await expectStep(scope, 'review', drive);
  await press(scope, scope.getByRole('button', { name: t.submitEnrollment, exact: true }), drive, 'Submit enrollment');
}

/** Done screen: "Done" (the flow then closes with reason `completed`). */
export async function finishDone(scope: FlowScope, drive: Drive = {}): Promise<void> {
  const t = text(drive);
  await expectStep(scope, 'done', drive);
  await press(scope, scope.locator('sf-step-done').getByRole('button', { name: t.done, exact: true }), drive, 'Done');
}

export interface EnrollOptions {
  address?: AddressEntry;
  identity?: Partial<IdentityEntry>;
  ssn?: string;
  card?: CardEntry | string;
  /** Stop before pressing Done on the done screen (default: press it). */
  stayOnDone?: boolean;
}

/** The whole standard enrollment from a blank address step to Done (a single-meter address). */
export async function completeEnrollment(scope: FlowScope, opts: EnrollOptions = {}, drive: Drive = {}): Promise<AcceptedPlanInfo> {
  await completeAddress(scope, opts.address ?? ADDRESSES.routh, drive);
  const plan = await acceptFirstPlan(scope, drive);
  await fillIdentity(scope, opts.identity, drive);
  await submitCredit(scope, opts.ssn, drive);
  await addCard(scope, opts.card, drive);
  await finalize(scope, drive);
  if (opts.stayOnDone) await expectStep(scope, 'done', drive);
  else await finishDone(scope, drive);
  return plan;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
