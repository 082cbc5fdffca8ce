import type { PdfDocument } from '../pdf.js';
import { type DocLang, type LoaInput, REP, sayer, locale, longDate, dateTime, heading, para, bullet, table, row, sandboxNotice } from './common.js';

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
