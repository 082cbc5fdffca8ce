import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { msg } from '@lit/localize';
import type { Plan } from '../../api/types.js';
import { getLocale } from '../../i18n/localization.js';
import { pdfHref } from '../../ui/pdf.js';

/**
 * The three legal documents of a plan, linked as the specification requires. They open in a new tab (the flow may be
 * in an iframe or a WebView where navigating away would lose the session), and the link text says so, and says it
 * is a PDF, before anyone follows it. `describedBy` names the plan so each link is unambiguous out of context.
 * Call from render() only.
 */
export function renderDocumentLinks(plan: Plan, describedBy?: string) {
  const locale = getLocale();
  const newTab = msg('(PDF, opens in a new tab)', { id: 'plans.docs.new_tab' });
  const docs = [
    { href: plan.links.efl, label: msg('Electricity Facts Label', { id: 'plans.docs.efl' }) },
    { href: plan.links.tos, label: msg('Terms of Service', { id: 'plans.docs.tos' }) },
    { href: plan.links.yrac, label: msg('Your Rights as a Customer', { id: 'plans.docs.yrac' }) },
  ];
  return html`<ul class="docs">
    ${docs.map(
      (d) => html`<li>
        <a href=${pdfHref(d.href, locale)} target="_blank" rel="noopener noreferrer" aria-describedby=${ifDefined(describedBy)}>
          ${d.label} <span class="muted">${newTab}</span>
        </a>
      </li>`,
    )}
  </ul>`;
}
