import type { PdfBlock, PdfDocument, PdfTableRow } from '../pdf.js';
import type { ChargeGroup, InvoiceStatus } from '../invoices.js';
import { type DocLang, type InvoicePdfInput, REP, sayer, locale, money, longDate, heading, para, table, row, sandboxNotice } from './common.js';

const CHARGE_NAMES_ES: Record<string, string> = {
  energy_charge: 'Cargo por energía',
  base_charge: 'Cargo base',
  tdu_customer_charge: 'Cargo de cliente y medición de la compañía de distribución',
  tdu_delivery_charge: 'Cargo de entrega de la compañía de distribución',
  puc_assessment: 'Cuota de la Comisión de Servicios Públicos',
  gross_receipts_reimbursement: 'Reembolso del impuesto sobre ingresos brutos',
};

function invoiceStatusOf(invoice: InvoicePdfInput): InvoiceStatus {
  if (invoice.status) return invoice.status;
  if (invoice.paid_at) return 'paid';
  return invoice.voided_at ? 'voided' : 'due';
}

/** A printable bill for one invoice: summary, every charge group, and what happens next. */
export function invoiceDocument(invoice: InvoicePdfInput, lang: DocLang): PdfDocument {
  const say = sayer(lang);
  const status = invoiceStatusOf(invoice);
  const utility = invoice.utility_display_name;
  const groupName = (g: ChargeGroup): string => {
    if (lang === 'en') return g.name;
    if (g.key === 'energy') return 'Cargos por energía';
    if (g.key === 'delivery') return utility ? `Cargos de entrega de ${utility}` : 'Cargos de entrega de su compañía de distribución';
    return 'Impuestos y cargos';
  };
  const chargeText = (text: string): string =>
    lang === 'en' ? text : text.replace('1 billing period', '1 período de facturación').replace('/mo', '/mes');
  const statusText: Record<InvoiceStatus, string> = {
    paid: invoice.paid_at
      ? say(`Paid on ${longDate(invoice.paid_at, lang)}`, `Pagada el ${longDate(invoice.paid_at, lang)}`)
      : say('Paid', 'Pagada'),
    voided: say('Voided', 'Anulada'),
    due: say(`Due on ${longDate(invoice.payment_due_date, lang)}`, `Vence el ${longDate(invoice.payment_due_date, lang)}`),
    // On its due date an invoice is still due (auto-pay charges it then): past due from the day after.
    past_due: say(`Past due: payment was due on ${longDate(invoice.payment_due_date, lang)}`, `Vencida: el pago vencía el ${longDate(invoice.payment_due_date, lang)}`),
  };
  const kwh = Number(invoice.total_kwh).toLocaleString(locale(lang));
  const optional = (label: string, value: string | undefined): PdfTableRow[] => (value ? [row(label, value)] : []);
  const blocks: PdfBlock[] = [
    table([
      row(say('Invoice number', 'Número de factura'), invoice.number),
      row(say('Invoice date', 'Fecha de la factura'), longDate(invoice.invoice_date, lang)),
      row(
        say('Billing period', 'Período de facturación'),
        `${longDate(invoice.billing_period_start, lang)} – ${longDate(invoice.billing_period_end, lang)}`,
      ),
      row(say('Payment due date', 'Fecha de vencimiento del pago'), longDate(invoice.payment_due_date, lang)),
      row(say('Status', 'Estado'), statusText[status], true),
      ...optional(say('Customer', 'Cliente'), invoice.customer_name),
      ...optional(say('Service address', 'Dirección de servicio'), invoice.service_address),
      ...optional('ESI ID', invoice.esi_id),
      ...optional(say('Plan', 'Plan'), invoice.plan_name),
    ], 0.4),
  ];
  if (invoice.voided_at) {
    blocks.push(
      para(
        say(
          `This invoice was voided on ${longDate(invoice.voided_at, lang)} and replaced by a corrected invoice for the same billing period. Do not pay it.`,
          `Esta factura fue anulada el ${longDate(invoice.voided_at, lang)} y reemplazada por una factura corregida del mismo período de facturación. No la pague.`,
        ),
        'bold',
      ),
    );
  }
  blocks.push(
    heading(say('Summary', 'Resumen')),
    {
      type: 'table',
      rows: [
        ...invoice.charge_groups.map((g) => row(groupName(g), money(g.total_cents, lang))),
        row(say('Total amount', 'Monto total'), money(invoice.total_cents, lang), true),
      ],
      valueAlign: 'right',
    },
    para(
      say(
        `Electricity used: ${kwh} kWh. Average price: ${invoice.avg_cents_per_kwh}¢ per kWh, taxes and fees included.`,
        `Electricidad consumida: ${kwh} kWh. Precio promedio: ${invoice.avg_cents_per_kwh}¢ por kWh, impuestos y cargos incluidos.`,
      ),
    ),
  );
  for (const g of invoice.charge_groups) {
    blocks.push(heading(groupName(g)), {
      type: 'table',
      rows: [
        ...g.charges.map((c) =>
          row(
            `${lang === 'en' ? c.description : (CHARGE_NAMES_ES[c.type] ?? c.description)}\n${chargeText(c.quantity_text)} × ${chargeText(c.rate_text)}`,
            money(c.amount_cents, lang),
          ),
        ),
        row(say('Subtotal', 'Subtotal'), money(g.total_cents, lang), true),
      ],
      valueAlign: 'right',
    });
  }
  blocks.push(heading(say('Payment', 'Pago')));
  if (status === 'due') {
    blocks.push(
      para(
        say(
          `With auto-pay, the payment method on file is charged ${money(invoice.total_cents, lang)} on ${longDate(invoice.payment_due_date, lang)}.`,
          `Con el pago automático, se cobrarán ${money(invoice.total_cents, lang)} al método de pago registrado el ${longDate(invoice.payment_due_date, lang)}.`,
        ),
      ),
    );
  } else if (status === 'past_due') {
    // The due date has passed: auto-pay ran then and could not charge (no payment method on file).
    blocks.push(
      para(
        say(
          `The automatic payment on ${longDate(invoice.payment_due_date, lang)} did not go through, and ${money(invoice.total_cents, lang)} is still owed. Please make sure a payment method is on file, or call ${REP.phone} to pay.`,
          `El pago automático del ${longDate(invoice.payment_due_date, lang)} no se realizó, y todavía se adeudan ${money(invoice.total_cents, lang)}. Asegúrese de tener un método de pago registrado, o llame al ${REP.phone} para pagar.`,
        ),
        'bold',
      ),
    );
  } else {
    blocks.push(para(statusText[status]));
  }
  blocks.push(
    para(
      say(
        'Residential electric service is exempt from Texas state sales tax. TDU delivery charges are passed through without markup.',
        'El servicio eléctrico residencial está exento del impuesto estatal sobre las ventas de Texas. Los cargos de entrega de la compañía de distribución se trasladan sin recargo.',
      ),
      'small',
    ),
    para(
      say(
        `Questions about this bill? Call ${REP.phone} or write to ${REP.email}.`,
        `¿Preguntas sobre esta factura? Llame al ${REP.phone} o escriba a ${REP.email}.`,
      ),
      'small',
    ),
    sandboxNotice(say),
  );
  return {
    title: `${say('Invoice', 'Factura')} ${invoice.number}`,
    subtitle: `${REP.name} · ${say('Electricity service', 'Servicio eléctrico')}`,
    lang: locale(lang),
    footer: `${REP.name} · ${invoice.number}`,
    pageLabel: say('Page {n} of {total}', 'Página {n} de {total}'),
    blocks,
  };
}
