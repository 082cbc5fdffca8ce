
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'docs.active.heading': `Documentos en vigor ahora`,
'docs.all.heading': `Todos los documentos: vigentes, próximos y anteriores`,
'docs.close': `Cerrar`,
'docs.effective': `Fecha de vigencia`,
'docs.empty': `No hay documentos aquí.`,
'docs.group.active': `En vigor ahora`,
'docs.group.historical': `Planes anteriores`,
'docs.group.queued': `Próximo: su siguiente plan`,
'docs.heading': `Los documentos de su plan`,
'docs.kind.efl': `Etiqueta de Datos de Electricidad`,
'docs.kind.invoice': `Factura`,
'docs.kind.loa': `Carta de Autorización`,
'docs.kind.tos': `Términos de Servicio`,
'docs.kind.yrac': `Sus Derechos como Cliente`,
'docs.lead': `Los documentos de su plan de electricidad. Cada uno es un PDF que se abre en una pestaña nueva.`,
'docs.lead.address': str`Los documentos de su plan de electricidad en ${0}. Cada uno es un PDF que se abre en una pestaña nueva.`,
'docs.loading': `Cargando sus documentos…`,
'docs.none.heading': `Todavía no tiene documentos de su plan`,
'docs.none.lead': `Los documentos de su plan aparecen aquí una vez que haya elegido un plan y se haya inscrito. Termine primero su inscripción y luego regrese.`,
'docs.plan': `Plan`,
'docs.status': `Estado`,
'docs.status.active': `Vigente: se aplica actualmente`,
'docs.status.historical': `Histórico: ya no está en vigor`,
'docs.status.queued': str`Programado: entra en vigor el ${0}`,
'docs.step': `Documentos`,
'docs.tab.active': `Documentos vigentes`,
'docs.tab.all': `Todos los documentos`,
'docs.tabs': `Qué documentos`,
'docs.title': `Los documentos de su plan`,
'docs.version': `Versión`,
'done.done': `Listo`,
'location.gone': `No pudimos encontrar los datos de su servicio de electricidad. Cierre esta ventana y vuelva a abrirla desde donde comenzó. Si eso no ayuda, comuníquese con servicio al cliente.`,
'plans.docs.new_tab': `(PDF, se abre en una pestaña nueva)`,
    };
  