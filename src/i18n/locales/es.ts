
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'address.heading': `¿Dónde necesita electricidad?`,
'address.lead': `Escriba la dirección donde quiere el servicio. Buscaremos el medidor de electricidad que le corresponde.`,
'address.other_way': `Buscar de otra forma`,
'address.search': `Buscar mi dirección`,
'address.searching': `Buscando…`,
'address.status.searching': `Buscando su dirección…`,
'address.street': `Dirección`,
'address.street.required': `Escriba su dirección, por ejemplo 1200 Main St.`,
'address.unit': `Apartamento o unidad`,
'address.zip': `Código postal`,
'address.zip.invalid': `Escriba el código postal de 5 dígitos, por ejemplo 77002.`,
'common.close': `Cerrar`,
'common.try-again': `Intentar de nuevo`,
'error.network': `No pudimos conectar con el servicio. Revise su conexión y vuelva a intentarlo.`,
'error.rate_limited': `Llegaron demasiadas solicitudes al servicio a la vez. Espere un minuto y vuelva a intentarlo.`,
'error.server': `Algo salió mal de nuestra parte. No se perdió nada: vuelva a intentarlo en un momento.`,
'error.try_again': `Intentar de nuevo`,
'field.optional': `opcional`,
'flow.title': `Inscripción de electricidad`,
'loading.label': `Cargando…`,
'progress.completed': `paso completado`,
'progress.label': `Progreso`,
'progress.step-of': str`Paso ${0} de ${1}`,
'status.network.body': `Revise su conexión a internet y vuelva a intentarlo.`,
'status.network.heading': `No podemos conectar con el servicio`,
'step.address': `Dirección de servicio`,
'step.back': `Atrás`,
'step.credit': `Verificación de crédito`,
'step.done': `Listo`,
'step.identity': `Sus datos`,
'step.payment': `Método de pago`,
'step.plans': `Plan`,
'step.review': `Revisión`,
    };
  