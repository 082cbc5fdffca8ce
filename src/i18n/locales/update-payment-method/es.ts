
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'card_not_needed.close': `Cerrar`,
'card_not_needed.heading': `No se necesita una tarjeta`,
'card_not_needed.lead': `El servicio de esta cuenta nunca comenzó, así que no se cobrará ninguna factura a una tarjeta. No hay nada que actualizar.`,
'card_on_file.add': `Agregar una tarjeta`,
'card_on_file.checking': `Revisando su tarjeta guardada…`,
'card_on_file.heading': `Su método de pago`,
'card_on_file.keep': `Conservar esta tarjeta`,
'card_on_file.lead': `Sus facturas mensuales se pagan automáticamente con la tarjeta registrada. Puede reemplazarla por otra tarjeta.`,
'card_on_file.lead.before': `Cuando comience su servicio, sus facturas mensuales se pagarán automáticamente con la tarjeta registrada. Puede reemplazarla por otra tarjeta.`,
'card_on_file.lead.ended': `Su última factura se paga automáticamente con la tarjeta registrada. Puede reemplazarla por otra tarjeta.`,
'card_on_file.none': `No hay ninguna tarjeta registrada.`,
'card_updated.details_failed': `Su nueva tarjeta quedó guardada, pero por ahora no pudimos mostrar sus datos. Vuelva a intentarlo en un momento.`,
'card_updated.heading': `Su tarjeta está actualizada`,
'card_updated.lead': `Sus facturas mensuales ahora se pagan automáticamente con su nueva tarjeta. Hoy no se cobró nada.`,
'card_updated.lead.before': `Cuando comience su servicio, sus facturas mensuales se pagarán automáticamente con su nueva tarjeta. Hoy no se cobró nada.`,
'card_updated.lead.ended': `Su última factura se paga automáticamente con su nueva tarjeta. Hoy no se cobró nada.`,
'done.done': `Listo`,
'error.try_again': `Intentar de nuevo`,
'payment.current.card': str`${0} terminada en ${1}`,
'payment.current.expires': str`Vence ${0}`,
'update_card.step.card_not_needed': `No se necesita tarjeta`,
'update_card.step.card_on_file': `Tarjeta registrada`,
'update_card.step.card_updated': `Tarjeta actualizada`,
'update_card.step.payment': `Nueva tarjeta`,
'update_card.title': `Actualizar su método de pago`,
    };
  