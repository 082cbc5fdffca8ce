import type { PdfDocument } from '../pdf.js';
import { type DocLang, type PlanDocInput, REP, sayer, locale, money, longDate, months, rate4, heading, para, table, row, sandboxNotice, providerRows } from './common.js';

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
          `${plan.name} es un producto de tarifa fija. Su precio por kWh no cambiará durante el plazo de ${months(term, say)}, excepto por cambios en los cargos de entrega de la TDU; cambios en los cargos administrativos de ERCOT o de la Texas Regional Entity aplicados a las cargas; o cambios que resulten de leyes federales, estatales o locales o de acciones regulatorias que impongan cargos o costos nuevos o modificados fuera de nuestro control.`,
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
        row(say('Contract term', 'Plazo del contrato'), months(term, say)),
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
