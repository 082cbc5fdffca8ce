import type { PdfDocument } from '../pdf.js';
import { type DocLang, type PlanDocInput, REP, sayer, locale, money, months, heading, para, table, row, sandboxNotice, providerRows, puctContact } from './common.js';

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
          `${plan.name} is a fixed rate product with a term of ${months(plan.term_months, say)} in the ${utility} service area. Its prices are stated in the Electricity Facts Label (EFL) version ${plan.version}. These Terms of Service, the EFL and Your Rights as a Customer together form your agreement with us.`,
          `${plan.name} es un producto de tarifa fija con un plazo de ${months(plan.term_months, say)} en el área de servicio de ${utility}. Sus precios figuran en la Etiqueta de Datos de Electricidad (EFL) versión ${plan.version}. Estos Términos de Servicio, la EFL y Sus Derechos como Cliente forman en conjunto su contrato con nosotros.`,
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
          'Le facturamos una vez por ciclo de facturación, después de la lectura de su medidor. Cada factura vence 16 días después de su fecha de emisión; con el pago automático, se cobra el método de pago registrado en la fecha de vencimiento. Si el pago no se recibe a más tardar en la fecha de vencimiento, se puede aplicar un único cargo por pago atrasado de hasta el 5% del saldo vencido.',
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
          'Le enviaremos un aviso de vencimiento por escrito al menos 14 días antes del final del plazo de su contrato; para plazos de más de cuatro meses enviamos tres avisos durante el último tercio del plazo, el último al menos 30 días antes de la fecha de vencimiento. Si no elige un nuevo producto a más tardar en la fecha de vencimiento, pasará a nuestro producto predeterminado de mes a mes, con estos términos salvo el precio, hasta que elija otro producto u otro proveedor. No se aplica ningún cargo por terminación dentro de los 14 días anteriores a la fecha de vencimiento.',
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
