/** What every sandbox document shares: the inputs, the fictional provider, formatting and the PDF building blocks. */
import type { PdfBlock, PdfTableRow } from '../pdf.js';
import type { ChargeGroup, InvoiceDetail, InvoiceStatus } from '../invoices.js';

export type DocLang = 'en' | 'es';
export type DocumentType = 'efl' | 'tos' | 'yrac' | 'loa' | 'invoice';

/** What the EFL and the TOS need from a plan; a Plan's `delivery` object fits `delivery` as is. */
export interface PlanDocInput {
  plan_uuid: string;
  name: string;
  term_months: number;
  energy_rate_cents_per_kwh: string;
  base_charge_cents: number;
  renewable_percent: number;
  early_termination_fee_cents: number;
  delivery: { utility: { display_name: string }; monthly_charge_cents: number; rate_cents_per_kwh: string };
  average_price_cents_per_kwh: { '500': string; '1000': string; '2000': string };
  /** Document version, e.g. `2026.03-1`. */
  version: string;
  /** Date the document takes effect (YYYY-MM-DD); shown on the EFL. */
  effective_date?: string;
}

export interface LoaInput {
  customer_name: string;
  /** The client agent acting for the customer. */
  agent_name: string;
  esi_id: string;
  /** One line, e.g. `123 Main St, Apt 4, Dallas, TX 75201`. */
  service_address: string;
  plan_name: string;
  start_date: string;
  /** When the authorization was recorded (ISO timestamp). */
  accepted_at: string;
  account_uuid: string;
}

/** An invoice detail, plus what the printed bill shows about the customer when the caller knows it. */
export type InvoicePdfInput = Pick<
  InvoiceDetail,
  | 'number' | 'invoice_date' | 'payment_due_date' | 'billing_period_start' | 'billing_period_end' | 'total_cents'
  | 'total_kwh' | 'avg_cents_per_kwh' | 'paid_at' | 'voided_at'
> & {
  charge_groups: ChargeGroup[];
  /** The derived status; when absent it is read from paid_at / voided_at (past due needs today, so pass it). */
  status?: InvoiceStatus;
  customer_name?: string;
  service_address?: string;
  esi_id?: string;
  plan_name?: string;
  utility_display_name?: string;
};

export const YRAC_VERSION = '2026.1';

/** The fictional retail electric provider behind every sandbox document. */
export const REP = {
  name: 'Sandbox Electric Co.',
  dba: 'Sandbox Electric',
  puctCertificate: '10999',
  address: '100 Example Plaza, Suite 400, Austin, TX 78701',
  phone: '1-800-555-0199',
  email: 'support@sandbox-electric.example',
  web: 'sandbox-electric.example',
} as const;

// The Public Utility Commission of Texas' published consumer contact details.
const PUCT = {
  address: 'P.O. Box 13326, Austin, TX 78711-3326',
  phone: '512-936-7120, 1-888-782-8477',
  web: 'www.puc.texas.gov',
};

export type Say = (en: string, es: string) => string;
export const sayer = (lang: DocLang): Say => (en, es) => (lang === 'es' ? es : en);
export const locale = (lang: DocLang): string => (lang === 'es' ? 'es-US' : 'en-US');

export function money(cents: number, lang: DocLang): string {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export function longDate(date: string, lang: DocLang): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

export function dateTime(timestamp: string, lang: DocLang): string {
  return new Intl.DateTimeFormat(locale(lang), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/Chicago',
    timeZoneName: 'short',
  }).format(new Date(timestamp));
}

/** A cents-per-kWh decimal string with at least four decimals, the precision EFLs print. */
/** A term in months, `1 month` / `12 months` (a partner's custom plan may last one month). */
export const months = (n: number, say: Say): string => (n === 1 ? say('1 month', '1 mes') : say(`${n} months`, `${n} meses`));

export const rate4 = (rate: string): string => {
  const [whole, fraction = ''] = rate.split('.');
  return `${whole}.${fraction.padEnd(4, '0')}¢`;
};

export const heading = (text: string): PdfBlock => ({ type: 'heading', text });
export const para = (text: string, style?: 'bold' | 'small'): PdfBlock => ({ type: 'paragraph', text, style });
export const bullet = (text: string): PdfBlock => ({ type: 'paragraph', text, bullet: true });
export const table = (rows: PdfTableRow[], labelWidth?: number): PdfBlock => ({ type: 'table', rows, labelWidth });
export const row = (label: string, value: string, bold?: boolean): PdfTableRow => ({ label, value, bold });

export function sandboxNotice(say: Say): PdfBlock {
  return para(
    say(
      'Sandbox sample document: the provider, its certificate number, its contact details and all prices are fictional. This is not an offer of electric service.',
      'Documento de muestra del entorno de pruebas: el proveedor, su número de certificado, sus datos de contacto y todos los precios son ficticios. No es una oferta de servicio eléctrico.',
    ),
    'small',
  );
}

export function providerRows(say: Say): PdfTableRow[] {
  return [
    row(say('Retail electric provider', 'Proveedor de electricidad al por menor'), `${REP.name} (d/b/a ${REP.dba})`),
    row(say('PUCT certificate number', 'Número de certificado de la PUCT'), `REP #${REP.puctCertificate}`),
    row(say('Address', 'Dirección'), REP.address),
    row(
      say('Customer service', 'Servicio al cliente'),
      say(
        `${REP.phone} (toll-free), Monday–Friday 8 a.m.–6 p.m. Central Time`,
        `${REP.phone} (llamada gratuita), de lunes a viernes de 8 a.m. a 6 p.m., hora del Centro`,
      ),
    ),
    row(say('Email and website', 'Correo electrónico y sitio web'), `${REP.email} · ${REP.web}`),
  ];
}

export function puctContact(say: Say): PdfBlock {
  return para(
    say(
      `If you are not satisfied with our answer to a complaint, you may contact the Public Utility Commission of Texas, Customer Protection Division, ${PUCT.address}; phone ${PUCT.phone}; ${PUCT.web}.`,
      `Si no está satisfecho con nuestra respuesta a una queja, puede comunicarse con la Comisión de Servicios Públicos de Texas (PUCT), División de Protección al Cliente, ${PUCT.address}; teléfono ${PUCT.phone}; ${PUCT.web}.`,
    ),
  );
}

/** The `title` of a Document record. */
export function documentTitle(type: DocumentType, lang: DocLang): string {
  const say = sayer(lang);
  switch (type) {
    case 'efl':
      return say('Electricity Facts Label', 'Etiqueta de Datos de Electricidad');
    case 'tos':
      return say('Terms of Service', 'Términos de Servicio');
    case 'yrac':
      return say('Your Rights as a Customer', 'Sus Derechos como Cliente');
    case 'loa':
      return say('Letter of Authorization', 'Carta de Autorización');
    case 'invoice':
      return say('Invoice', 'Factura');
  }
}
