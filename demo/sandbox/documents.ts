/**
 * The sandbox's contract documents and invoices as PdfDocument models, in English and Spanish. Content follows
 * the Texas rules summarised in the project's market notes (16 TAC §25.475: EFL, Terms of Service and Your Rights
 * as a Customer); the provider, its certificate number and its contact details are fictional, and every document
 * says so, because sandbox PDFs end up in screenshots and partner demos.
 */
import type { PdfBlock, PdfDocument, PdfTableRow } from './pdf.js';
import type { ChargeGroup, InvoiceDetail, InvoiceStatus } from './invoices.js';

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

type Say = (en: string, es: string) => string;
const sayer = (lang: DocLang): Say => (en, es) => (lang === 'es' ? es : en);
const locale = (lang: DocLang): string => (lang === 'es' ? 'es-US' : 'en-US');

function money(cents: number, lang: DocLang): string {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'USD' }).format(cents / 100);
}

function longDate(date: string, lang: DocLang): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

function dateTime(timestamp: string, lang: DocLang): string {
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
const rate4 = (rate: string): string => {
  const [whole, fraction = ''] = rate.split('.');
  return `${whole}.${fraction.padEnd(4, '0')}¢`;
};

const heading = (text: string): PdfBlock => ({ type: 'heading', text });
const para = (text: string, style?: 'bold' | 'small'): PdfBlock => ({ type: 'paragraph', text, style });
const bullet = (text: string): PdfBlock => ({ type: 'paragraph', text, bullet: true });
const table = (rows: PdfTableRow[], labelWidth?: number): PdfBlock => ({ type: 'table', rows, labelWidth });
const row = (label: string, value: string, bold?: boolean): PdfTableRow => ({ label, value, bold });

function sandboxNotice(say: Say): PdfBlock {
  return para(
    say(
      'Sandbox sample document: the provider, its certificate number, its contact details and all prices are fictional. This is not an offer of electric service.',
      'Documento de muestra del entorno de pruebas: el proveedor, su número de certificado, sus datos de contacto y todos los precios son ficticios. No es una oferta de servicio eléctrico.',
    ),
    'small',
  );
}

function providerRows(say: Say): PdfTableRow[] {
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

function puctContact(say: Say): PdfBlock {
  return para(
    say(
      `If you are not satisfied with our answer to a complaint, you may contact the Public Utility Commission of Texas, Customer Protection Division, ${PUCT.address}; phone ${PUCT.phone}; ${PUCT.web}.`,
      `Si no está satisfecho con nuestra respuesta a una queja, puede comunicarse con la Comisión de Servicios Públicos de Texas (PUCT), División de Protección al Cliente, ${PUCT.address}; teléfono ${PUCT.phone}; ${PUCT.web}.`,
    ),
  );
}

/** The Electricity Facts Label of a fixed rate product. */
export function eflDocument(plan: PlanDocInput, lang: DocLang): PdfDocument {
  const say = sayer(lang);
  const utility = plan.delivery.utility.display_name;
  const avg = plan.average_price_cents_per_kwh;
  const term = plan.term_months;
  const etf = plan.early_termination_fee_cents;
  const date = plan.effective_date ? ` · ${longDate(plan.effective_date, lang)}` : '';
  return {
    title: say('Electricity Facts Label (EFL)', 'Etiqueta de Datos de Electricidad (EFL)'),
    subtitle: `${REP.name} · ${plan.name} · ${say(`${utility} service area`, `Área de servicio de ${utility}`)}${date}`,
    lang: locale(lang),
    footer: `${REP.name} · EFL ${plan.version} · ${plan.plan_uuid}`,
    pageLabel: say('Page {n} of {total}', 'Página {n} de {total}'),
    blocks: [
      table(providerRows(say), 0.4),
      heading(say('Electricity price', 'Precio de la electricidad')),
      para(
        say(
          `${plan.name} is a fixed rate product. Your price per kWh will not change during the ${term}-month term except for changes in TDU delivery charges; changes to the ERCOT or Texas Regional Entity administrative fees charged to loads; or changes resulting from federal, state or local laws or regulatory actions that impose new or modified fees or costs outside our control.`,
          `${plan.name} es un producto de tarifa fija. Su precio por kWh no cambiará durante el plazo de ${term} meses, excepto por cambios en los cargos de entrega de la TDU; cambios en los cargos administrativos de ERCOT o de la Texas Regional Entity aplicados a las cargas; o cambios que resulten de leyes federales, estatales o locales o de acciones regulatorias que impongan cargos o costos nuevos o modificados fuera de nuestro control.`,
        ),
      ),
      {
        type: 'table',
        header: row(say('Average monthly use', 'Uso mensual promedio'), say('Average price per kWh', 'Precio promedio por kWh')),
        rows: [row('500 kWh', `${avg['500']}¢`), row('1,000 kWh', `${avg['1000']}¢`), row('2,000 kWh', `${avg['2000']}¢`)],
        valueAlign: 'right',
        labelWidth: 0.5,
      },
      para(
        say(
          'This price disclosure is an example based on average prices. Your average price for electric service will vary according to your usage. The average prices above include all recurring charges, but exclude state and local sales taxes and the reimbursement of the gross receipts tax.',
          'Esta divulgación de precios es un ejemplo basado en precios promedio. Su precio promedio por el servicio eléctrico variará según su consumo. Los precios promedio indicados incluyen todos los cargos recurrentes, pero excluyen los impuestos estatales y locales sobre las ventas y el reembolso del impuesto sobre los ingresos brutos.',
        ),
      ),
      heading(say('Price components', 'Componentes del precio')),
      table([
        row(say('Energy charge', 'Cargo por energía'), say(`${rate4(plan.energy_rate_cents_per_kwh)} per kWh`, `${rate4(plan.energy_rate_cents_per_kwh)} por kWh`)),
        row(say('Base charge', 'Cargo base'), say(`${money(plan.base_charge_cents, lang)} per billing cycle`, `${money(plan.base_charge_cents, lang)} por ciclo de facturación`)),
        row(say(`${utility} delivery charge (monthly)`, `Cargo de entrega de ${utility} (mensual)`), say(`${money(plan.delivery.monthly_charge_cents, lang)} per billing cycle`, `${money(plan.delivery.monthly_charge_cents, lang)} por ciclo de facturación`)),
        row(say(`${utility} delivery charge (per kWh)`, `Cargo de entrega de ${utility} (por kWh)`), say(`${rate4(plan.delivery.rate_cents_per_kwh)} per kWh`, `${rate4(plan.delivery.rate_cents_per_kwh)} por kWh`)),
      ]),
      para(
        say(
          `TDU delivery charges are what ${utility}, the transmission and distribution utility, charges to deliver electricity to your home. We pass them through to you without markup; they change when the Public Utility Commission of Texas approves new utility rates, usually around March 1 and September 1.`,
          `Los cargos de entrega de la TDU son lo que ${utility}, la empresa de transmisión y distribución, cobra por llevar la electricidad a su hogar. Se los trasladamos sin recargo; cambian cuando la Comisión de Servicios Públicos de Texas aprueba nuevas tarifas, normalmente alrededor del 1 de marzo y del 1 de septiembre.`,
        ),
      ),
      para(
        say(
          'Average price per kWh = (base charge + TDU monthly charge + (energy charge + TDU per-kWh charge) × kWh) ÷ kWh.',
          'Precio promedio por kWh = (cargo base + cargo mensual de la TDU + (cargo por energía + cargo por kWh de la TDU) × kWh) ÷ kWh.',
        ),
        'small',
      ),
      heading(say('Other key terms and questions', 'Otros términos y preguntas importantes')),
      table([
        row(say('Type of product', 'Tipo de producto'), say('Fixed rate', 'Tarifa fija')),
        row(say('Contract term', 'Plazo del contrato'), say(`${term} months`, `${term} meses`)),
        row(
          say('Do I have a termination fee or any fees associated with terminating service?', '¿Tengo que pagar un cargo por terminación o algún cargo por terminar el servicio?'),
          etf > 0
            ? say(
                `Yes: ${money(etf, lang)}. No fee applies within the 14 days before the contract expiration date, or if you move and give us a forwarding address.`,
                `Sí: ${money(etf, lang)}. No se aplica ningún cargo dentro de los 14 días anteriores a la fecha de vencimiento del contrato, ni si se muda y nos da una dirección de reenvío.`,
              )
            : say('No.', 'No.'),
        ),
        row(
          say('Can my price change during the contract period?', '¿Puede cambiar mi precio durante el plazo del contrato?'),
          say(
            'Only for the changes in TDU charges, ERCOT or Texas Regional Entity fees and laws or regulations described above.',
            'Solo por los cambios en los cargos de la TDU, los cargos de ERCOT o de la Texas Regional Entity y las leyes o regulaciones descritos arriba.',
          ),
        ),
        row(
          say('If my price can change, how will it change, and by how much?', 'Si mi precio puede cambiar, ¿cómo y cuánto cambiará?'),
          say('By the amount of the change in those charges, passed through without markup.', 'En la cantidad del cambio en esos cargos, trasladada sin recargo.'),
        ),
        row(
          say('What other fees may I be charged?', '¿Qué otros cargos me pueden cobrar?'),
          say(
            'Non-recurring fees such as late payment and returned payment fees, and TDU fees for services such as move-in or out-of-cycle meter reads. See the Terms of Service.',
            'Cargos no recurrentes, como los de pago atrasado y pago devuelto, y cargos de la TDU por servicios como conexión por mudanza o lectura del medidor fuera de ciclo. Consulte los Términos de Servicio.',
          ),
        ),
        row(say('Is this a pre-pay or pay-in-advance product?', '¿Es un producto de prepago o de pago por adelantado?'), say('No.', 'No.')),
        row(say('Renewable content', 'Contenido renovable'), say(`${plan.renewable_percent}% renewable`, `${plan.renewable_percent}% renovable`)),
      ]),
      heading(say('Disclosures', 'Divulgaciones')),
      para(
        say(
          'The Electricity Facts Label, the Terms of Service and Your Rights as a Customer are the documents of your contract. You may ask us for a copy of any of them at any time.',
          'La Etiqueta de Datos de Electricidad, los Términos de Servicio y Sus Derechos como Cliente son los documentos de su contrato. Puede pedirnos una copia de cualquiera de ellos en cualquier momento.',
        ),
      ),
      sandboxNotice(say),
    ],
  };
}

/** The Terms of Service of a fixed rate product. */
export function tosDocument(plan: PlanDocInput, lang: DocLang): PdfDocument {
  const say = sayer(lang);
  const utility = plan.delivery.utility.display_name;
  const etf = plan.early_termination_fee_cents;
  const passThrough = say(`Amount charged by ${utility}, passed through`, `Monto que cobra ${utility}, trasladado sin recargo`);
  return {
    title: say('Terms of Service', 'Términos de Servicio'),
    subtitle: `${REP.name} · ${plan.name} · ${say('Version', 'Versión')} ${plan.version}`,
    lang: locale(lang),
    footer: `${REP.name} · ${say('Terms of Service', 'Términos de Servicio')} ${plan.version}`,
    pageLabel: say('Page {n} of {total}', 'Página {n} de {total}'),
    blocks: [
      heading(say('1. Who we are', '1. Quiénes somos')),
      table(providerRows(say), 0.4),
      heading(say('2. Your product', '2. Su producto')),
      para(
        say(
          `${plan.name} is a fixed rate product with a term of ${plan.term_months} months in the ${utility} service area. Its prices are stated in the Electricity Facts Label (EFL) version ${plan.version}. These Terms of Service, the EFL and Your Rights as a Customer together form your agreement with us.`,
          `${plan.name} es un producto de tarifa fija con un plazo de ${plan.term_months} meses en el área de servicio de ${utility}. Sus precios figuran en la Etiqueta de Datos de Electricidad (EFL) versión ${plan.version}. Estos Términos de Servicio, la EFL y Sus Derechos como Cliente forman en conjunto su contrato con nosotros.`,
        ),
      ),
      heading(say('3. Your right to cancel (rescission)', '3. Su derecho a cancelar (rescisión)')),
      para(
        say(
          `You may cancel this agreement without any fee or penalty within three (3) federal business days after you receive these Terms of Service, by calling ${REP.phone}, by email to ${REP.email}, or in writing to ${REP.address}.`,
          `Puede cancelar este contrato sin ningún cargo ni penalidad dentro de los tres (3) días hábiles federales posteriores a la recepción de estos Términos de Servicio, llamando al ${REP.phone}, por correo electrónico a ${REP.email} o por escrito a ${REP.address}.`,
        ),
      ),
      heading(say('4. Start of service', '4. Inicio del servicio')),
      para(
        say(
          `Service starts when ${utility} completes the switch or move-in on the date you requested, or on the first available date. A switch normally completes within a few business days; finalizing your enrollment is not the same as the start of service.`,
          `El servicio comienza cuando ${utility} completa el cambio o la conexión por mudanza en la fecha que usted solicitó, o en la primera fecha disponible. Un cambio normalmente se completa en pocos días hábiles; finalizar su inscripción no equivale al inicio del servicio.`,
        ),
      ),
      heading(say('5. Billing and payment', '5. Facturación y pago')),
      para(
        say(
          'We bill you once per billing cycle, after your meter is read. Each invoice is due 16 days after its invoice date; with auto-pay, the payment method on file is charged on the due date. A one-time late fee of up to 5% of the past-due balance may apply if payment is not received by the due date.',
          'Le facturamos una vez por ciclo de facturación, después de la lectura de su medidor. Cada factura vence 16 días después de su fecha de emisión; con el pago automático, se cobra el método de pago registrado en la fecha de vencimiento. Si el pago no se recibe antes del vencimiento, se puede aplicar un único cargo por pago atrasado de hasta el 5% del saldo vencido.',
        ),
      ),
      heading(say('6. Non-recurring charges', '6. Cargos no recurrentes')),
      table([
        row(say('Late payment fee', 'Cargo por pago atrasado'), say('Up to 5% of the past-due balance', 'Hasta el 5% del saldo vencido')),
        row(say('Returned payment fee', 'Cargo por pago devuelto'), money(2500, lang)),
        row(say('Move-in (new connection) fee', 'Cargo por conexión por mudanza'), passThrough),
        row(say('Switch on a self-selected date', 'Cambio en una fecha elegida por usted'), passThrough),
        row(say('Out-of-cycle meter read', 'Lectura del medidor fuera de ciclo'), passThrough),
        row(say('Disconnection and reconnection fees', 'Cargos de desconexión y reconexión'), passThrough),
        row(
          say('Deposit', 'Depósito'),
          say(
            'Only if your credit does not qualify; never more than PUCT rules allow',
            'Solo si su crédito no califica; nunca más de lo que permiten las reglas de la PUCT',
          ),
        ),
      ]),
      heading(say('7. Contract expiration', '7. Vencimiento del contrato')),
      para(
        say(
          'We will send you a written expiration notice at least 14 days before the end of your contract term; for terms longer than four months we send three notices during the last third of the term, the last at least 30 days before the expiration date. If you do not choose a new product by the expiration date, you will be moved to our month-to-month default product, on these terms except for price, until you choose another product or provider. No termination fee applies within the 14 days before the expiration date.',
          'Le enviaremos un aviso de vencimiento por escrito al menos 14 días antes del final del plazo de su contrato; para plazos de más de cuatro meses enviamos tres avisos durante el último tercio del plazo, el último al menos 30 días antes de la fecha de vencimiento. Si no elige un nuevo producto antes de la fecha de vencimiento, pasará a nuestro producto predeterminado de mes a mes, con estos términos salvo el precio, hasta que elija otro producto u otro proveedor. No se aplica ningún cargo por terminación dentro de los 14 días anteriores a la fecha de vencimiento.',
        ),
      ),
      heading(say('8. Changes to these terms', '8. Cambios a estos términos')),
      para(
        say(
          'Your price may change during the term only for changes in TDU delivery charges, ERCOT or Texas Regional Entity fees, or laws and regulations, as the EFL explains. We may change other terms only with at least 14 days of written notice; if a change is adverse to you, you may end this agreement without a termination fee before it takes effect. Each change creates a new version of these Terms of Service.',
          'Su precio solo puede cambiar durante el plazo por cambios en los cargos de entrega de la TDU, en los cargos de ERCOT o de la Texas Regional Entity, o en las leyes y regulaciones, como explica la EFL. Solo podemos cambiar otros términos con un aviso por escrito de al menos 14 días; si un cambio le perjudica, puede terminar este contrato sin cargo por terminación antes de que entre en vigor. Cada cambio crea una nueva versión de estos Términos de Servicio.',
        ),
      ),
      heading(say('9. Ending the agreement early', '9. Terminación anticipada')),
      para(
        etf > 0
          ? say(
              `If you end this agreement before the end of the term, an early termination fee of ${money(etf, lang)} applies, except within the 14 days before the expiration date or when you move and give us a forwarding address.`,
              `Si termina este contrato antes del final del plazo, se aplica un cargo por terminación anticipada de ${money(etf, lang)}, excepto dentro de los 14 días anteriores a la fecha de vencimiento o cuando se muda y nos da una dirección de reenvío.`,
            )
          : say('You may end this agreement at any time without a termination fee.', 'Puede terminar este contrato en cualquier momento sin cargo por terminación.'),
      ),
      heading(say('10. Questions and complaints', '10. Preguntas y quejas')),
      para(
        say(
          `Contact us at ${REP.phone} or ${REP.email}. We will investigate every complaint and tell you the result.`,
          `Comuníquese con nosotros al ${REP.phone} o a ${REP.email}. Investigaremos cada queja y le informaremos el resultado.`,
        ),
      ),
      puctContact(say),
      sandboxNotice(say),
    ],
  };
}

/** Your Rights as a Customer, the same for every product. */
export function yracDocument(lang: DocLang): PdfDocument {
  const say = sayer(lang);
  return {
    title: say('Your Rights as a Customer', 'Sus Derechos como Cliente'),
    subtitle: `${REP.name} · ${say('Residential customers', 'Clientes residenciales')} · ${say('Version', 'Versión')} ${YRAC_VERSION}`,
    lang: locale(lang),
    footer: `${REP.name} · YRAC ${YRAC_VERSION}`,
    pageLabel: say('Page {n} of {total}', 'Página {n} de {total}'),
    blocks: [
      para(
        say(
          'This summary explains the rights you have under the customer protection rules of the Public Utility Commission of Texas (PUCT). It is part of your agreement with us, together with the Terms of Service and the Electricity Facts Label.',
          'Este resumen explica los derechos que usted tiene según las reglas de protección al cliente de la Comisión de Servicios Públicos de Texas (PUCT). Forma parte de su contrato con nosotros, junto con los Términos de Servicio y la Etiqueta de Datos de Electricidad.',
        ),
      ),
      heading(say('Non-discrimination', 'No discriminación')),
      para(
        say(
          'We will not refuse you service or treat you differently because of race, creed, color, national origin, ancestry, sex, marital status, lawful source of income, disability, familial status, location in an economically distressed area, or qualification for low-income or energy efficiency services.',
          'No le negaremos el servicio ni le daremos un trato diferente por motivos de raza, credo, color, origen nacional, ascendencia, sexo, estado civil, fuente lícita de ingresos, discapacidad, situación familiar, ubicación en un área económicamente desfavorecida, o por calificar para servicios de bajos ingresos o de eficiencia energética.',
        ),
      ),
      heading(say('Switching without consent (slamming) and unauthorized charges (cramming)', 'Cambio sin consentimiento (slamming) y cargos no autorizados (cramming)')),
      bullet(
        say(
          'No provider may switch your electric service without your authorization. If you were switched without it, contact us: we will return you to your previous provider and you will not pay more than you would have paid that provider.',
          'Ningún proveedor puede cambiar su servicio eléctrico sin su autorización. Si lo cambiaron sin ella, comuníquese con nosotros: lo regresaremos a su proveedor anterior y no pagará más de lo que habría pagado a ese proveedor.',
        ),
      ),
      bullet(
        say(
          'No charge may appear on your bill for a product or service you did not authorize. We will remove an unauthorized charge and refund or credit it.',
          'No puede aparecer en su factura ningún cargo por un producto o servicio que usted no autorizó. Eliminaremos un cargo no autorizado y lo reembolsaremos o acreditaremos.',
        ),
      ),
      heading(say('Bills and disputes', 'Facturas y disputas')),
      para(
        say(
          `You may dispute any bill by calling ${REP.phone} or writing to ${REP.email}. We will investigate promptly and tell you the result. While a dispute is being investigated, pay the undisputed part of the bill; we will not disconnect your service for the disputed amount.`,
          `Puede disputar cualquier factura llamando al ${REP.phone} o escribiendo a ${REP.email}. Investigaremos sin demora y le informaremos el resultado. Mientras se investiga una disputa, pague la parte no disputada de la factura; no desconectaremos su servicio por el monto disputado.`,
        ),
      ),
      puctContact(say),
      heading(say('Privacy of your information', 'Privacidad de su información')),
      para(
        say(
          'We will not sell or release your proprietary customer information (your name, address, account number, usage, payment history and similar data) without your consent, except to the utility and ERCOT to provide your service, to credit reporting agencies for collection and credit purposes, or as required by law.',
          'No venderemos ni divulgaremos su información privada de cliente (su nombre, dirección, número de cuenta, consumo, historial de pagos y datos similares) sin su consentimiento, salvo a la empresa de servicios públicos y a ERCOT para prestarle el servicio, a agencias de informes de crédito para fines de cobranza y crédito, o cuando la ley lo exija.',
        ),
      ),
      heading(say('Disconnection and special protections', 'Desconexión y protecciones especiales')),
      bullet(
        say(
          'We will send you written notice at least 10 days before your service may be disconnected for non-payment, and we will tell you about payment arrangements and energy assistance.',
          'Le enviaremos un aviso por escrito al menos 10 días antes de que su servicio pueda desconectarse por falta de pago, y le informaremos sobre acuerdos de pago y ayuda para el pago de energía.',
        ),
      ),
      bullet(
        say(
          'Service will not be disconnected for non-payment during extreme weather emergencies declared under PUCT rules.',
          'No se desconectará el servicio por falta de pago durante las emergencias por clima extremo declaradas según las reglas de la PUCT.',
        ),
      ),
      bullet(
        say(
          'If someone in your home depends on electric-powered medical equipment, ask us how to apply for critical care or chronic condition status.',
          'Si alguien en su hogar depende de equipo médico eléctrico, pregúntenos cómo solicitar la condición de cuidado crítico o de enfermedad crónica.',
        ),
      ),
      heading(say('Deposits', 'Depósitos')),
      para(
        say(
          'A deposit may be required only if your credit does not qualify. It will not exceed the amount PUCT rules allow, and it will be returned with interest, or credited to your bill, as those rules require.',
          'Solo se puede exigir un depósito si su crédito no califica. No superará el monto que permiten las reglas de la PUCT y se le devolverá con intereses, o se acreditará a su factura, como exigen esas reglas.',
        ),
      ),
      heading(say('Language', 'Idioma')),
      para(
        say(
          'Your contract documents and bills are available in English and Spanish. Tell us which language you prefer.',
          'Sus documentos de contrato y facturas están disponibles en inglés y en español. Díganos qué idioma prefiere.',
        ),
      ),
      heading(say('Contact us', 'Comuníquese con nosotros')),
      table(providerRows(say), 0.4),
      sandboxNotice(say),
    ],
  };
}

/** The Letter of Authorization a client agent enrollment records before accepting a plan for the customer. */
export function loaDocument(input: LoaInput, lang: DocLang): PdfDocument {
  const say = sayer(lang);
  return {
    title: say('Letter of Authorization', 'Carta de Autorización'),
    subtitle: `${REP.name} · ${say('Client agent enrollment', 'Inscripción por medio de un agente')}`,
    lang: locale(lang),
    footer: `${REP.name} · LOA · ${input.account_uuid}`,
    pageLabel: say('Page {n} of {total}', 'Página {n} de {total}'),
    blocks: [
      para(
        say(
          `I, ${input.customer_name}, authorize ${input.agent_name} to act as my agent with ${REP.name} for the enrollment of the service address below, as described in this letter.`,
          `Yo, ${input.customer_name}, autorizo a ${input.agent_name} a actuar como mi agente ante ${REP.name} para la inscripción de la dirección de servicio que se indica abajo, según se describe en esta carta.`,
        ),
      ),
      table([
        row(say('Customer', 'Cliente'), input.customer_name),
        row(say('Authorized agent', 'Agente autorizado'), input.agent_name),
        row(say('Service address', 'Dirección de servicio'), input.service_address),
        row('ESI ID', input.esi_id),
        row(say('Plan', 'Plan'), input.plan_name),
        row(say('Requested start date', 'Fecha de inicio solicitada'), longDate(input.start_date, lang)),
        row(say('Authorization recorded', 'Autorización registrada'), dateTime(input.accepted_at, lang)),
        row(say('Account reference', 'Referencia de la cuenta'), input.account_uuid),
      ], 0.4),
      heading(say('What my agent may do', 'Lo que mi agente puede hacer')),
      bullet(say('Request the switch or move-in of electric service for the ESI ID above.', 'Solicitar el cambio o la conexión por mudanza del servicio eléctrico para el ESI ID indicado.')),
      bullet(say('Accept the plan above and its Electricity Facts Label, Terms of Service and Your Rights as a Customer on my behalf, and receive those documents for me.', 'Aceptar en mi nombre el plan indicado y su Etiqueta de Datos de Electricidad, sus Términos de Servicio y Sus Derechos como Cliente, y recibir esos documentos por mí.')),
      bullet(say('Provide the information needed to complete this enrollment.', 'Proporcionar la información necesaria para completar esta inscripción.')),
      heading(say('Limits and my rights', 'Límites y mis derechos')),
      para(
        say(
          'This authorization covers this enrollment only. I keep my right to cancel without penalty within three (3) federal business days after the Terms of Service are received, and I may revoke this authorization at any time by contacting ' +
            `${REP.name} at ${REP.phone}; revoking it does not undo what was done before.`,
          'Esta autorización cubre solo esta inscripción. Conservo mi derecho a cancelar sin penalidad dentro de los tres (3) días hábiles federales posteriores a la recepción de los Términos de Servicio, y puedo revocar esta autorización en cualquier momento comunicándome con ' +
            `${REP.name} al ${REP.phone}; revocarla no deshace lo realizado antes.`,
        ),
      ),
      heading(say('Signature', 'Firma')),
      para(
        say(
          `Signed electronically by ${input.customer_name} on ${dateTime(input.accepted_at, lang)}.`,
          `Firmado electrónicamente por ${input.customer_name} el ${dateTime(input.accepted_at, lang)}.`,
        ),
        'bold',
      ),
      sandboxNotice(say),
    ],
  };
}

const CHARGE_NAMES_ES: Record<string, string> = {
  energy_charge: 'Cargo por energía',
  base_charge: 'Cargo base',
  tdu_customer_charge: 'Cargo de cliente y medición de la TDU',
  tdu_delivery_charge: 'Cargo de entrega de la TDU',
  puc_assessment: 'Cargo de evaluación de la PUC',
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
    if (g.key === 'delivery') return utility ? `Cargos de entrega de ${utility}` : 'Cargos de entrega de la TDU';
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
    past_due: say(`Past due since ${longDate(invoice.payment_due_date, lang)}`, `Vencida desde el ${longDate(invoice.payment_due_date, lang)}`),
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
  if (status === 'due' || status === 'past_due') {
    blocks.push(
      para(
        say(
          `With auto-pay, the payment method on file is charged ${money(invoice.total_cents, lang)} on ${longDate(invoice.payment_due_date, lang)}.`,
          `Con el pago automático, se cobrarán ${money(invoice.total_cents, lang)} al método de pago registrado el ${longDate(invoice.payment_due_date, lang)}.`,
        ),
      ),
    );
  } else {
    blocks.push(para(statusText[status]));
  }
  blocks.push(
    para(
      say(
        'Residential electric service is exempt from Texas state sales tax. TDU delivery charges are passed through without markup.',
        'El servicio eléctrico residencial está exento del impuesto estatal sobre las ventas de Texas. Los cargos de entrega de la TDU se trasladan sin recargo.',
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
