/**
 * The emulated maker's authorization page: the sandbox's stand-in for a battery maker's sign-in and consent page.
 * A plain HTML form (works without script, with the keyboard, at 320 px and 200% zoom) whose Allow and Deny post
 * back; in a popup, the result page tells its opener through pages/done.js and closes (without an opener, e.g. handed
 * to the system browser, it stays: its words never promise it closes); reached by navigation (a
 * redirect authorization, opened again after its answer) it links back to the app. No inline script or style,
 * so it works under the strict Content-Security-Policy battery/routes.ts sends. English, or Spanish with
 * ?locale=es (formal "usted", as the flow speaks it: the customer goes from one to the other and back).
 */
import { escapeHtml, type PageLocale } from '../processor/challenge.js';
import type { AuthorizationStatus } from '../state/battery.js';

const TEXT = {
  en: {
    title: (maker: string) => `${maker}: connect your battery (sandbox)`,
    heading: (app: string, maker: string) => `Allow ${app} to connect to your ${maker} battery?`,
    notice: (maker: string) => `Sandbox: this page stands in for ${maker}'s sign-in and consent page. No ${maker} account is contacted.`,
    sees: (app: string) => `${app} will be able to see:`,
    shares: ['Your battery’s model, capacity and the last four digits of its serial number', 'Its state of charge'],
    never: (maker: string) => `It will not control your battery or see your ${maker} password.`,
    allow: 'Allow',
    deny: 'Deny',
    approved: 'Battery connected',
    denied: 'Connection declined',
    expired: 'This request has expired',
    expiredHint: 'Return to the app and start again.',
    closing: 'You can return to the app now. If this window stays open, close it.',
    answered: 'Your answer was sent to the app.',
    back: (app: string) => `Return to ${app}`,
    missing: 'This authorization request is unknown.',
  },
  es: {
    title: (maker: string) => `${maker}: conecte su batería (prueba)`,
    heading: (app: string, maker: string) => `¿Permitir que ${app} se conecte a su batería ${maker}?`,
    notice: (maker: string) => `Prueba: esta página reemplaza la página de inicio de sesión y consentimiento de ${maker}. No se contacta ninguna cuenta de ${maker}.`,
    sees: (app: string) => `${app} podrá ver:`,
    shares: ['El modelo y la capacidad de su batería, y los últimos cuatro dígitos de su número de serie', 'Su nivel de carga'],
    never: (maker: string) => `No controlará su batería ni verá su contraseña de ${maker}.`,
    allow: 'Permitir',
    deny: 'Denegar',
    approved: 'Batería conectada',
    denied: 'Conexión rechazada',
    expired: 'Esta solicitud venció',
    expiredHint: 'Vuelva a la aplicación y empiece de nuevo.',
    closing: 'Ya puede volver a la aplicación. Si esta ventana sigue abierta, ciérrela.',
    answered: 'Su respuesta se envió a la aplicación.',
    back: (app: string) => `Volver a ${app}`,
    missing: 'Esta solicitud de autorización no existe.',
  },
} as const;

function layout(locale: PageLocale, title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="../assets/authorize.css">
${head}</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface AuthorizePageInput {
  authorizationId: string;
  ticket: string;
  locale: PageLocale;
  appName: string;
  makerName: string;
}

export function authorizePage(p: AuthorizePageInput): string {
  const text = TEXT[p.locale];
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const items = text.shares.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return layout(
    p.locale,
    text.title(p.makerName),
    `<p class="notice">${escapeHtml(text.notice(p.makerName))}</p>
<h1 id="heading">${escapeHtml(text.heading(p.appName, p.makerName))}</h1>
<p id="sees">${escapeHtml(text.sees(p.appName))}</p>
<ul aria-labelledby="sees">${items}</ul>
<p>${escapeHtml(text.never(p.makerName))}</p>
<form method="post" action="${escapeHtml(encodeURIComponent(p.authorizationId))}" class="actions" aria-labelledby="heading">
${hidden('ticket', p.ticket)}
${hidden('locale', p.locale)}
<button type="submit" name="decision" value="allow" class="allow">${escapeHtml(text.allow)}</button>
<button type="submit" name="decision" value="deny" class="deny">${escapeHtml(text.deny)}</button>
</form>`,
  );
}

export interface ResultPageInput {
  authorizationId: string;
  status: Exclude<AuthorizationStatus, 'pending'>;
  locale: PageLocale;
  makerName: string;
  /** The origins the popup may tell (the flow's and the App's): its opener gets the message only on one of them. */
  notifyOrigins: readonly string[];
  /**
   * The way back of a redirect authorization (its return_url with the id added): the page was reached by navigation,
   * so it is no popup and never closes itself; it links back to the app instead.
   */
  back?: { url: string; appName: string };
}

export function resultPage(p: ResultPageInput): string {
  const text = TEXT[p.locale];
  const heading = p.status === 'approved' ? text.approved : p.status === 'denied' ? text.denied : text.expired;
  // A heading, not a live region (ARIA allows an h1 no such role, and a region there on load is not announced): the
  // title, which a screen reader reads as the page loads, says the outcome first.
  const result = `<h1 class="result-${p.status}">${escapeHtml(heading)}</h1>\n`;
  const title = `${heading} – ${text.title(p.makerName)}`;
  if (p.back) {
    const hint = p.status === 'expired' ? text.expiredHint : text.answered;
    return layout(
      p.locale,
      title,
      `${result}<p>${escapeHtml(hint)}</p>
<p><a class="back" href="${escapeHtml(p.back.url)}">${escapeHtml(text.back(p.back.appName))}</a></p>`,
    );
  }
  const hint = p.status === 'expired' ? text.expiredHint : text.closing;
  const notify =
    `<script src="../assets/done.js" data-authorization="${escapeHtml(p.authorizationId)}" data-status="${p.status}" ` +
    `data-origins="${escapeHtml(p.notifyOrigins.join(' '))}" defer></script>\n`;
  return layout(p.locale, title, `${result}<p>${escapeHtml(hint)}</p>`, notify);
}

export function missingPage(locale: PageLocale): string {
  const text = TEXT[locale].missing;
  return layout(locale, text, `<h1>${escapeHtml(text)}</h1>`);
}
