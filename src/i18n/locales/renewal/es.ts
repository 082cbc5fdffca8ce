
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'docs.effective': `Fecha de vigencia`,
'docs.empty': `Todavía no hay documentos aquí.`,
'docs.kind.efl': `Etiqueta de Datos de Electricidad`,
'docs.kind.invoice': `Factura`,
'docs.kind.loa': `Carta de Autorización`,
'docs.kind.tos': `Términos del Servicio`,
'docs.kind.yrac': `Sus Derechos como Cliente`,
'docs.plan': `Plan`,
'docs.status': `Estado`,
'docs.status.active': `Vigente: en efecto ahora`,
'docs.status.historical': `Histórico: ya no está en vigor`,
'docs.status.queued': str`En espera: entra en vigor el ${0}`,
'docs.version': `Versión`,
'renewal.contract.end': `Fecha de fin`,
'renewal.contract.plan': `Plan`,
'renewal.contract.rate': `Tarifa de energía`,
'renewal.contract.start': `Fecha de inicio`,
'renewal.contract.term': `Plazo`,
'renewal.current': `Su plan actual`,
'renewal.done.docs': `Los documentos de su nuevo plan`,
'renewal.done.docs_hint': `Ahora aparecen entre todos sus documentos, marcados como en espera hasta que comience su nuevo plan.`,
'renewal.done.heading': `Su renovación está confirmada`,
'renewal.done.lead': str`${0} está en espera: comienza el ${1}, cuando termine su contrato actual. Hasta entonces nada cambia.`,
'renewal.done.loading': `Cargando su renovación…`,
'renewal.done.queued': `Su nuevo plan (en espera)`,
'renewal.ended': str`Su contrato terminó el ${0}. Ahora tiene servicio mes a mes hasta que elija un plan nuevo.`,
'renewal.ends': str`Su contrato termina el ${0}.`,
'renewal.heading': `Renueve su plan de electricidad`,
'renewal.loading': `Cargando su plan…`,
'renewal.plans.heading': `Elija su plan de renovación`,
'renewal.plans.list': `Planes de renovación`,
'renewal.plans.loading': `Cargando los planes de renovación…`,
'renewal.plans.none': `No hay planes de renovación disponibles en este momento. Inténtelo de nuevo más tarde.`,
'renewal.see_plans': `Ver planes de renovación`,
'renewal.standing.eligible': `Ya puede renovar`,
'renewal.standing.eligible.body': str`Elija un plan nuevo. Comienza el ${0}, el día después de que termine su contrato actual, para que su servicio continúe sin interrupción.`,
'renewal.standing.eligible.m2m': `Elija un plan nuevo y el día en que comienza.`,
'renewal.standing.no_location': `Todavía no hay un plan que renovar`,
'renewal.standing.no_location.body': `Podrá renovar una vez que se haya inscrito y su servicio de electricidad esté activo.`,
'renewal.standing.not_active': `La renovación todavía no está disponible`,
'renewal.standing.not_active.body': `Podrá renovar su plan una vez que su servicio de electricidad esté activo.`,
'renewal.standing.renewed': `Ya renovó su plan`,
'renewal.standing.renewed.body': str`Su nuevo plan, ${0}, está en espera: comienza el ${1}.`,
'renewal.standing.renewed.final': `Una renovación que usted aceptó no se puede cambiar aquí. Para cambiarla, comuníquese con servicio al cliente.`,
'renewal.standing.renewed.generic': `Ya hay una renovación en espera para su dirección.`,
'renewal.standing.too_early': `Todavía es muy pronto para renovar`,
'renewal.standing.too_early.body': str`Los planes de renovación se ofrecen a partir del ${0}, 60 días antes de que termine su contrato. Regrese en esa fecha; nada cambia hasta que termine su contrato.`,
'renewal.standing.too_early.generic': `Los planes de renovación se ofrecen a partir de 60 días antes de que termine su contrato. Regrese en esa fecha.`,
'renewal.step.current': `Plan actual`,
'renewal.title': `Renovar su plan`,
    };
  