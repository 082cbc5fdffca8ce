/**
 * The processor's 3-D Secure challenge page: the sandbox's stand-in for the bank's page that Stripe.js shows in its
 * authentication dialog. A plain HTML form (works without script): "Complete authentication" or "Fail
 * authentication" posts back, and the result page notifies the emulator through pages/notify.js.
 * No inline script or style, so the pages also work under a strict Content-Security-Policy.
 */
import type { ChallengeOutcome } from './processor.js';

export type PageLocale = 'en' | 'es';

const TEXT = {
  en: {
    title: 'Sandbox 3-D Secure authentication',
    heading: 'Authenticate this card',
    intro: "This sandbox page stands in for your bank's 3-D Secure check. No bank is contacted.",
    complete: 'Complete authentication',
    fail: 'Fail authentication',
    completed: 'Authentication complete',
    failed: 'Authentication failed',
    closing: 'You can return to the page; this dialog closes by itself.',
    missing: 'This authentication request is unknown or has expired.',
  },
  es: {
    title: 'Autenticación 3-D Secure de prueba',
    heading: 'Autentique esta tarjeta',
    intro: 'Esta página de prueba reemplaza la verificación 3-D Secure de su banco. No se contacta a ningún banco.',
    complete: 'Completar autenticación',
    fail: 'Fallar autenticación',
    completed: 'Autenticación completada',
    failed: 'La autenticación falló',
    closing: 'Puede volver a la página; este cuadro se cierra solo.',
    missing: 'Esta solicitud de autenticación no existe o ya venció.',
  },
} as const;

export function pageLocale(value: unknown): PageLocale {
  return typeof value === 'string' && value.toLowerCase().startsWith('es') ? 'es' : 'en';
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(locale: PageLocale, body: string, head = ''): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(TEXT[locale].title)}</title>
<link rel="stylesheet" href="assets/challenge.css">
${head}</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function challengePage(opts: { setupIntentId: string; token: string; locale: PageLocale; parentOrigin: string }): string {
  const text = TEXT[opts.locale];
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return layout(
    opts.locale,
    `<h1>${escapeHtml(text.heading)}</h1>
<p>${escapeHtml(text.intro)}</p>
<form method="post" action="${escapeHtml(encodeURIComponent(opts.setupIntentId))}" class="actions">
${hidden('challenge', opts.token)}
${hidden('locale', opts.locale)}
${hidden('parent_origin', opts.parentOrigin)}
<button type="submit" name="outcome" value="complete" class="complete">${escapeHtml(text.complete)}</button>
<button type="submit" name="outcome" value="fail" class="fail">${escapeHtml(text.fail)}</button>
</form>`,
  );
}

export function resultPage(opts: { setupIntentId: string; outcome: ChallengeOutcome; locale: PageLocale; parentOrigin: string }): string {
  const text = TEXT[opts.locale];
  const ok = opts.outcome === 'complete';
  const notify = `<script src="assets/notify.js" data-setup-intent="${escapeHtml(opts.setupIntentId)}" data-outcome="${opts.outcome}" data-parent-origin="${escapeHtml(opts.parentOrigin)}" defer></script>\n`;
  return layout(
    opts.locale,
    `<h1 class="${ok ? 'result-ok' : 'result-failed'}" role="status">${escapeHtml(ok ? text.completed : text.failed)}</h1>
<p>${escapeHtml(text.closing)}</p>`,
    notify,
  );
}

export function missingChallengePage(locale: PageLocale): string {
  return layout(locale, `<h1>${escapeHtml(TEXT[locale].missing)}</h1>`);
}
