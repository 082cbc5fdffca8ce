import type { PdfDocument } from '../pdf.js';
import { type DocLang, YRAC_VERSION, REP, sayer, locale, heading, para, bullet, table, sandboxNotice, providerRows, puctContact } from './common.js';

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
          'No venderemos ni divulgaremos su información privada de cliente (su nombre, dirección, número de cuenta, consumo, historial de pagos y datos similares) sin su consentimiento, salvo a su compañía de distribución (la TDU) y a ERCOT para prestarle el servicio, a agencias de informes de crédito para fines de cobranza y crédito, o cuando la ley lo exija.',
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
