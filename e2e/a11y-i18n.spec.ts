/**
 * Languages and accessibility of the whole enrollment: the happy path in Spanish (the locale of the link), the
 * language switched mid-step (what was typed stays, the live region never mixes the two languages, a reload keeps the
 * language), the happy path with the keyboard alone and an axe check (WCAG 2.2 AA) on every step and view, the whole flow at 320 px wide and
 * at 200% zoom with no view wider than the screen, and screenshots of every view at 375 px in English and Spanish
 * (into /tmp/e2e-shots/, for people to look at).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '@playwright/test';
import { createHostedLink, openFlowInModal, waitForClose, waitForMessage, messages } from './support/partner.js';
import { getAccount, sandboxAccount } from './support/sandbox.js';
import { expectNoAxeViolations } from './support/axe.js';
import { overflowWithTextSpacing } from './support/text-spacing.js';
import {
  ADDRESSES,
  CARDS,
  TEXT,
  acceptFirstPlan,
  acceptPlan,
  answer3ds,
  cardError,
  chooseMeter,
  completeAddress,
  completeEnrollment,
  confirmAddress,
  expectFocused,
  expectStep,
  fillCard,
  DEFAULT_IDENTITY,
  finalize,
  press,
  saveCard,
  searchAddress,
  stepHeading,
  submitCredit,
  type Drive,
  type FlowScope,
  type Lang,
  type ViewName,
} from './support/flow-steps.js';

/** Every English UI string the helpers know that differs in Spanish: none may show in the Spanish flow. */
const ENGLISH_ONLY = [
  ...Object.values(TEXT.en.headings),
  ...Object.entries(TEXT.en)
    .filter(([key, value]) => typeof value === 'string' && value !== (TEXT.es as Record<string, unknown>)[key])
    .map(([, value]) => value as string),
  'Step ',
  'Prices for',
  'energy rate',
  'per month',
].filter((s) => !['ZIP code', 'Close', 'Done'].includes(s));

/** The text a person sees in the flow's document, shadow roots included (hidden elements left out). */
async function visibleText(scope: FlowScope): Promise<string> {
  return scope.locator(':root').evaluate(() => {
    const parts: string[] = [];
    const walk = (node: Node): void => {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement;
        if (parent && parent.checkVisibility?.() !== false && node.textContent?.trim()) parts.push(node.textContent.trim());
        return;
      }
      if (node instanceof Element) {
        if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.tagName)) return;
        if (node.shadowRoot) {
          // Slotted light children are rendered through the slots; walk the shadow tree, then the light DOM once.
          walk(node.shadowRoot);
        }
      }
      for (const child of Array.from(node.childNodes)) walk(child);
    };
    walk(document.body);
    return parts.join(' ');
  });
}

async function expectNoEnglish(scope: FlowScope, view: ViewName): Promise<void> {
  const shown = await visibleText(scope);
  const found = ENGLISH_ONLY.filter((s) => shown.includes(s));
  expect(found, `English text on the Spanish ${view} view`).toEqual([]);
}

test.describe('languages and accessibility', () => {
  test('the happy path in Spanish (locale es from the link)', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page, { locale: 'es' });
    await expect(frame.locator('html')).toHaveAttribute('lang', 'es');
    const t = TEXT.es;
    const checks: Partial<Record<ViewName, () => Promise<void>>> = {
      address: async () => {
        await expect(frame.getByRole('button', { name: t.findAddress, exact: true })).toBeVisible();
        await expect(frame.locator('.progress')).toContainText('Paso 1 de 6');
      },
      'address-confirm': async () => {
        await expect(frame.getByRole('button', { name: t.thisIsMyAddress, exact: true })).toBeVisible();
        await expect(frame.getByRole('button', { name: 'Cambiar dirección', exact: true })).toBeVisible();
      },
      plans: async () => {
        await expect(frame.getByRole('button', { name: t.choosePlan, exact: true }).first()).toBeVisible();
        await expect(frame.getByRole('link', { name: t.efl }).first()).toBeVisible();
        // The legal documents in the flow's language, whatever the account's.
        await expect(frame.getByRole('link', { name: t.efl }).first()).toHaveAttribute('href', /[?&]locale=es$/);
        // Numbers and money in Spanish formatting: "12 meses", "¢" rates with a decimal comma or point per Intl.
        await expect(frame.locator('sf-plan-card').first()).toContainText('meses');
        await expect(frame.locator('sf-step-plans').getByRole('button', { name: t.back, exact: true })).toBeVisible();
      },
      'plans-accept': async () => {
        await expect(frame.getByRole('button', { name: t.acceptPlan, exact: true })).toBeVisible();
        // The start date window in Spanish words (Intl): e.g. "de 12 de junio de 2026".
        await expect(frame.locator('sf-plan-accept #start-hint')).toContainText(/ de \d{4}/);
      },
      identity: async () => {
        await expect(frame.getByRole('button', { name: t.continue, exact: true })).toBeVisible();
        await expect(frame.getByRole('button', { name: t.back, exact: true })).toBeVisible();
      },
      credit: async () => {
        await expect(frame.getByRole('button', { name: t.submitCredit, exact: true })).toBeVisible();
        await expect(frame.getByRole('button', { name: /^Mostrar/ })).toBeVisible();
      },
      'payment-form': async () => {
        await expect(frame.getByRole('button', { name: t.saveCard, exact: true })).toBeVisible();
      },
      review: async () => {
        await expect(frame.getByRole('button', { name: t.submitEnrollment, exact: true })).toBeVisible();
        await expect(frame.locator('sf-step-review dl.summary')).toContainText('Visa terminada en 4242');
      },
      done: async () => {
        await expect(frame.getByRole('button', { name: t.done, exact: true })).toBeVisible();
        await expect(frame.locator('sf-step-done')).toContainText('72');
      },
    };
    const drive: Drive = {
      locale: 'es',
      onStep: async (view) => {
        await checks[view]?.();
        await expectNoEnglish(frame, view);
      },
    };

    const before = (await messages(page)).length;
    await completeEnrollment(frame, {}, drive);
    await waitForClose(page, { reason: 'completed', after: before });

    expect((await getAccount(accountUuid)).enrollment.is_enrollment_finalized).toBe(true);
    expect((await sandboxAccount(accountUuid)).counters?.finalize_succeeded).toBe(1);
  });

  test('the happy path with the keyboard alone, no axe violation on any step', async ({ page }) => {
    const { frame, accountUuid } = await openFlowInModal(page);
    const checked: ViewName[] = [];
    const drive: Drive = {
      keyboard: true,
      onStep: async (view) => {
        checked.push(view);
        await expectNoAxeViolations(page);
      },
    };

    const before = (await messages(page)).length;
    await completeEnrollment(frame, {}, drive);
    await waitForClose(page, { reason: 'completed', after: before });

    expect(checked).toEqual([
      'address',
      'address-confirm',
      'plans',
      'plans-accept',
      'identity',
      'credit',
      'payment',
      'payment-form',
      'review',
      'done',
    ]);
    expect((await getAccount(accountUuid)).enrollment.is_enrollment_finalized).toBe(true);
    expect((await sandboxAccount(accountUuid)).counters?.finalize_succeeded).toBe(1);
  });

  // WCAG 1.4.10 Reflow and 1.4.4 Resize text: at 320 CSS px (a small phone, or a 1280 px window at 400%) and at 200%
  // zoom of a 1280×800 window (640×400 CSS px, drawn at twice the pixels) every view fits the width: nothing scrolls
  // sideways and nothing sticks out, so the whole flow is done without panning.
  for (const size of [
    { name: '320 px wide', width: 320, height: 640, scale: 1 },
    { name: '200% zoom', width: 640, height: 400, scale: 2 },
  ]) {
    test(`the whole enrollment at ${size.name}: no view is wider than the screen`, async ({ page, browser }) => {
      const { loginLink } = await createHostedLink(page, { locale: size.scale === 2 ? 'es' : 'en' });
      const small = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: size.scale });
      const phone = await small.newPage();
      await phone.goto(loginLink);
      const locale = size.scale === 2 ? 'es' : 'en';
      await completeEnrollment(phone, {}, { locale, onStep: (view) => expectFitsWidth(phone, view) });
      await small.close();
    });
  }

  test('the language switched mid-step keeps what was typed, the SSN included; Back still drops the SSN; a reload keeps the language', async ({ page }) => {
    const { frame, iframe } = await openFlowInModal(page);
    const en = TEXT.en;
    const es = TEXT.es;
    const field = (label: string) => frame.getByLabel(label, { exact: true });
    /** The heading in `lang`; the focus stays on the language button, which now names the other language. */
    const switchTo = async (lang: Lang, step: 'identity' | 'credit') => {
      await frame.getByRole('button', { name: lang === 'es' ? 'Español' : 'English', exact: true }).click();
      await expect(stepHeading(frame)).toHaveText(TEXT[lang].headings[step]);
      await expect(frame.locator(':root')).toHaveAttribute('lang', lang);
      await expectFocused(frame.getByRole('button', { name: lang === 'es' ? 'English' : 'Español', exact: true }), 'the language button');
    };
    await completeAddress(frame, ADDRESSES.routh);
    await acceptFirstPlan(frame);
    await expectStep(frame, 'identity');
    // Typed, not sent: only this page holds it.
    await field(en.firstName).fill('Ana');
    await field(en.lastName).fill('Núñez');
    await field(en.phone).fill('5125550100');

    await switchTo('es', 'identity');
    await expect(field(es.firstName)).toHaveValue('Ana');
    await expect(field(es.lastName)).toHaveValue('Núñez');
    await expect(field(es.phone)).toHaveValue(/512.*555.*0100/);
    await expectNoEnglish(frame, 'identity');

    // On in Spanish: the credit step, its number typed, then back to English: the number is still there.
    const [month, day, year] = DEFAULT_IDENTITY.dob;
    await field(es.month).fill(month);
    await field(es.day).fill(day);
    await field(es.year).fill(year);
    await frame.locator('sf-step-identity').getByRole('button', { name: es.continue, exact: true }).click();
    await expectStep(frame, 'credit', { locale: 'es' });
    await field(es.ssn).fill('123456789');
    await switchTo('en', 'credit');
    await expect(field(en.ssn)).toHaveValue('123-45-6789');
    // Back keeps the entries of the identity step, never the SSN (in either language).
    await frame.getByRole('button', { name: en.back, exact: true }).click();
    await expectStep(frame, 'identity');
    await expect(field(en.firstName)).toHaveValue('Ana');
    await frame.locator('sf-step-identity').getByRole('button', { name: en.continue, exact: true }).click();
    await expectStep(frame, 'credit');
    await expect(field(en.ssn)).toHaveValue('');

    // The language chosen is the tab's: a reload of the flow comes back in it.
    await switchTo('es', 'credit');
    const before = (await messages(page)).length;
    const flowFrame = await (await iframe.elementHandle())!.contentFrame();
    await flowFrame!.evaluate(() => location.reload());
    await waitForMessage(page, { type: 'service-flow-step', step: 'credit' }, { after: before });
    await expectStep(frame, 'credit', { locale: 'es' });
    await expectNoEnglish(frame, 'credit');
  });

  test('at 375 px the header (the close button, the language) stays in view down a long step', async ({ page, context }) => {
    const { loginLink } = await createHostedLink(page);
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(loginLink);
    await completeAddress(phone, ADDRESSES.routh);
    await expectStep(phone, 'plans');
    await expect(phone.locator('sf-plan-card article').first()).toBeVisible();
    await phone.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    expect(await phone.evaluate(() => scrollY), 'the plans list is longer than the screen').toBeGreaterThan(300);
    const close = phone.getByRole('button', { name: 'Close', exact: true });
    await expect(close).toBeInViewport();
    // Nothing is drawn over it: the point at its centre is the button itself.
    const hit = await close.evaluate((button) => {
      const box = button.getBoundingClientRect();
      let el: Element | null = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      while (el?.shadowRoot) {
        const inner = el.shadowRoot.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (!inner || inner === el) break;
        el = inner;
      }
      return el === button || button.contains(el);
    });
    expect(hit, 'the close button is on top').toBe(true);
  });

  for (const locale of ['en', 'es'] as const) {
    test(`screenshots of every view at 375 px (${locale})`, async ({ page, context }) => {
      const { loginLink } = await createHostedLink(page, { locale });
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 375, height: 812 });
      await phone.goto(loginLink);
      await walkForScreenshots(phone, locale);
    });
  }
});

/**
 * The page does not scroll sideways, and no visible element of the flow (shadow roots included) reaches past the
 * right edge of the window; what is clipped on purpose (`.sr-only`, 1 px) is not seen and not counted.
 */
async function expectFitsWidth(page: Page, view: ViewName): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    const walk = (root: Document | ShadowRoot): void => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const box = el.getBoundingClientRect();
        if (box.width > 1 && box.height > 1 && box.right > width + 1 && el.checkVisibility()) {
          out.push(`<${el.localName}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''}> ends at ${Math.round(box.right)} px`);
        }
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return { width, out: out.slice(0, 5) };
  });
  expect(overflow.out, `${view} at ${overflow.width} px`).toEqual([]);
}

/** The whole flow with its side roads (no match, several meters, a declined card, 3-D Secure), one shot per view. */
async function walkForScreenshots(phone: Page, locale: Lang): Promise<void> {
  const dir = '/tmp/e2e-shots';
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const shoot = async (name: string) => {
    n += 1;
    // Let transitions and the focus ring settle before the picture.
    await phone.waitForTimeout(150);
    await phone.screenshot({ path: `${dir}/${locale}-${String(n).padStart(2, '0')}-${name}.png`, fullPage: true });
    if (name !== 'return') await expectFitsWidth(phone, name as ViewName);
  };
  const drive: Drive = { locale, onStep: (view) => shoot(view) };
  const t = TEXT[locale];

  // No match, then back to the form for an address with two meters.
  await searchAddress(phone, { street: '98765 Routh St', zip: ADDRESSES.routh.zip }, drive);
  await expect(phone.getByRole('heading', { name: t.noMatchHeading })).toBeVisible();
  await shoot('address-lookup');
  // An invalid ESI ID shows its message.
  await phone.getByRole('textbox', { name: t.esiId, exact: true }).fill('1044372203005001');
  await phone.getByRole('button', { name: t.findByEsiId, exact: true }).click();
  await expect(phone.locator('#esi-error')).not.toBeEmpty();
  await shoot('address-esi-error');
  await phone.getByRole('textbox', { name: t.esiId, exact: true }).fill(ADDRESSES.routh.esiId);
  await phone.getByRole('button', { name: t.findByEsiId, exact: true }).click();
  await expect(phone.getByRole('heading', { name: t.confirmHeading })).toBeVisible();
  await phone.getByRole('button', { name: locale === 'es' ? 'Cambiar dirección' : 'Change address', exact: true }).click();
  await phone.getByLabel(t.street, { exact: true }).fill(ADDRESSES.welch.street);
  await phone.getByLabel(t.zip, { exact: true }).fill(ADDRESSES.welch.zip);
  await phone.getByRole('button', { name: t.findAddress, exact: true }).click();
  await chooseMeter(phone, ADDRESSES.welch.esiIds[1], drive);
  await confirmAddress(phone, ADDRESSES.welch.esiIds[1], drive);

  await acceptPlan(phone, { index: 1 }, drive);
  // The identity form with its inline errors first.
  await expectStep(phone, 'identity', drive);
  const continueButton = phone.locator('sf-step-identity').getByRole('button', { name: t.continue, exact: true });
  await continueButton.click();
  await expect(phone.locator('#first-error')).not.toBeEmpty();
  await shoot('identity-errors');
  await phone.getByLabel(t.firstName, { exact: true }).fill('María José');
  await phone.getByLabel(t.lastName, { exact: true }).fill('Garza-Treviño');
  await phone.getByLabel(t.phone, { exact: true }).fill('5125550100');
  await phone.getByLabel(t.month, { exact: true }).fill('3');
  await phone.getByLabel(t.day, { exact: true }).fill('27');
  await phone.getByLabel(t.year, { exact: true }).fill('1985');
  await continueButton.click();
  await submitCredit(phone, '123-45-6789', drive);

  await expectStep(phone, 'payment', drive);
  await fillCard(phone, CARDS.declined, drive);
  await saveCard(phone, drive);
  await expect(cardError(phone, drive)).toBeVisible();
  await shoot('payment-declined');
  await fillCard(phone, CARDS.threeDSecure, { locale });
  await saveCard(phone, drive);
  await answer3ds(phone, 'complete', drive);

  await finalize(phone, drive);
  await expectStep(phone, 'done', drive);
  await press(phone, phone.locator('sf-step-done').getByRole('button', { name: t.done, exact: true }));
  await phone.waitForURL(/\/return/);
  // The partner learns the customer's language (`locale` beside `reason`) and answers in it.
  expect(new URL(phone.url()).searchParams.get('locale')).toBe(locale);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(locale === 'es' ? 'Le damos la bienvenida de nuevo' : 'Welcome back');
  await shoot('return');
}

/** The deepest focused element of the flow's document: its tag, text and top in document coordinates. */
async function focusInfo(frame: FlowScope): Promise<{ tag: string; text: string; top: number; body: boolean }> {
  return frame.locator(':root').evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const r = el!.getBoundingClientRect();
    return {
      tag: el!.localName + (el!.id ? `#${el!.id}` : ''),
      text: ((el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' '),
      top: Math.round(r.top + scrollY),
      body: el === document.body,
    };
  });
}

/** The Tab stops from the current focus on, `n` of them, as "tag text @top". */
async function tabStops(page: Page, frame: FlowScope, n: number) {
  const stops: Array<{ tag: string; text: string; top: number }> = [];
  for (let i = 0; i < n; i += 1) {
    await page.keyboard.press('Tab');
    stops.push(await focusInfo(frame));
  }
  return stops;
}

test.describe('keyboard and reading order', () => {
  test('at 375 px, Tab goes through the buttons in the order they are drawn (address form, identity) (2.4.3)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const { frame } = await openFlowInModal(page);
    await expectStep(frame, 'address');
    await frame.getByLabel('ZIP code', { exact: true }).focus();
    const address = await tabStops(page, frame, 2);
    expect(address.map((s) => s.text)).toEqual(['Search another way', 'Find my address']);
    expect(address[0]!.top < address[1]!.top, `drawn top to bottom: ${JSON.stringify(address)}`).toBe(true);
    await frame.getByLabel('Street address', { exact: true }).fill(ADDRESSES.routh.street);
    await frame.getByLabel('ZIP code', { exact: true }).fill(ADDRESSES.routh.zip);
    await frame.getByRole('button', { name: 'Find my address', exact: true }).click();
    await frame.getByRole('button', { name: 'This is my address', exact: true }).click();
    await acceptFirstPlan(frame);
    await expectStep(frame, 'identity');
    await frame.getByLabel('Year', { exact: true }).focus();
    const identity = await tabStops(page, frame, 2);
    expect(identity.map((s) => s.text)).toEqual(['Back', 'Continue']);
    expect(identity[0]!.top < identity[1]!.top, `drawn top to bottom: ${JSON.stringify(identity)}`).toBe(true);
  });

  test('Escape that clears the type-ahead also clears its suggestions', async ({ page }) => {
    const { frame } = await openFlowInModal(page);
    await expectStep(frame, 'address');
    await frame.getByRole('button', { name: 'Search another way', exact: true }).click();
    const lookup = frame.locator('sf-address-lookup');
    const box = lookup.getByRole('combobox', { name: 'Street address' });
    await box.focus();
    await page.keyboard.type('3005 Routh');
    await expect(lookup.getByRole('status')).toHaveText(/address(es)? found/, { timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(box).toHaveValue('');
    const status = ((await lookup.getByRole('status').textContent()) ?? '').trim();
    await page.keyboard.press('ArrowDown');
    const expanded = await box.getAttribute('aria-expanded');
    expect(status, 'the status after the field was cleared').not.toMatch(/found/);
    expect(expanded, 'the down arrow in the empty field opens no list').toBe('false');
  });

  test('with text spacing at 320 px, the plan cards still fit the width (1.4.12)', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const { frame } = await openFlowInModal(page, { locale: 'es' });
    await completeAddress(frame, ADDRESSES.routh, { locale: 'es' });
    await expectStep(frame, 'plans', { locale: 'es' });
    await expect(frame.locator('sf-plan-card article').first()).toBeVisible({ timeout: 20_000 });
    const wide = await overflowWithTextSpacing(frame);
    expect(wide.out, `at ${wide.width} px with text spacing`).toEqual([]);
  });
});
