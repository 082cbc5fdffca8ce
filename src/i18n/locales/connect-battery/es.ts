
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'battery.authorize.again': str`Intentar de nuevo con ${0}`,
'battery.authorize.back': `Elegir otro fabricante`,
'battery.authorize.behind': `¿No ve la ventana? Puede estar detrás de esta.`,
'battery.authorize.checking': `Revisando su respuesta…`,
'battery.authorize.continue': str`Continuar en ${0}`,
'battery.authorize.heading': str`Permita el acceso en ${0}`,
'battery.authorize.heading_generic': `Permita el acceso en el sitio del fabricante de su batería`,
'battery.authorize.lead': str`La página de ${0} se abre en una ventana nueva. Inicie sesión allí y elija Permitir, para que podamos ver su batería. Nunca vemos su contraseña de ${1}.`,
'battery.authorize.new_window': `(se abre en una ventana nueva)`,
'battery.authorize.preparing': str`Preparando la página de ${0}…`,
'battery.authorize.redirecting': str`Llevándolo a la página de ${0}…`,
'battery.authorize.show': str`Mostrar la ventana de ${0}`,
'battery.authorize.waiting': str`Esperando su respuesta en la página de ${0}…`,
'battery.device.already_heading': str`Su batería ${0} ya está conectada`,
'battery.device.already_heading_generic': `Su batería ya está conectada`,
'battery.device.capacity': `Capacidad utilizable`,
'battery.device.charge': `Nivel de carga`,
'battery.device.charge_unknown': `Aún no informado`,
'battery.device.connected': `Conectada`,
'battery.device.disconnected': `Desconectada`,
'battery.device.heading': `Su batería está conectada`,
'battery.device.lead': `Esta es la batería vinculada a su cuenta.`,
'battery.device.loading': `Cargando su batería…`,
'battery.device.maker': `Fabricante`,
'battery.device.missing': `La batería todavía no aparece en su cuenta. Puede tardar un momento.`,
'battery.device.model': `Modelo`,
'battery.device.serial': `Número de serie`,
'battery.device.serial_last4': str`Termina en ${0}`,
'battery.device.status': `Estado`,
'battery.inactive.close': `Cerrar`,
'battery.inactive.heading': `Podrá conectar una batería cuando su servicio esté activo`,
'battery.inactive.lead': `Su servicio de electricidad no está activo, así que todavía no hay a qué conectar una batería. Vuelva cuando esté activo.`,
'battery.maker.connected': str`Ya conectada: ${0}`,
'battery.maker.heading': `¿Qué batería tiene?`,
'battery.maker.lead': `Elija el fabricante de la batería de su hogar. Después, nos permitirá verla en la página del propio fabricante.`,
'battery.maker.legend': `Fabricante de la batería`,
'battery.maker.loading': `Cargando los fabricantes de baterías…`,
'battery.maker.required': `Elija el fabricante de su batería para continuar.`,
'battery.notice.blocked': str`La página de ${0} debe abrirse en una ventana nueva. Permita las ventanas emergentes para esta página en su navegador y vuelva a intentarlo.`,
'battery.notice.blocked.title': `Su navegador bloqueó la ventana`,
'battery.notice.closed': str`No se conectó nada. Abra de nuevo la página de ${0} y elija Permitir para conectar su batería.`,
'battery.notice.closed.title': `La ventana se cerró antes de que respondiera`,
'battery.notice.denied': str`Usted eligió no permitir el acceso en la página de ${0}, así que no podemos ver su batería. Puede intentarlo de nuevo si fue un error.`,
'battery.notice.denied.title': `No se conectó ninguna batería`,
'battery.notice.expired': str`La página de ${0} esperó demasiado tiempo una respuesta. No se conectó nada; puede empezar de nuevo.`,
'battery.notice.expired.title': `Se agotó el tiempo de la solicitud`,
'battery.step.authorize': `Permitir el acceso`,
'battery.step.device': `Su batería`,
'battery.step.inactive': `Conectar una batería`,
'battery.step.maker': `Fabricante de la batería`,
'battery.title': `Conectar una batería`,
'done.done': `Listo`,
'error.try_again': `Intentar de nuevo`,
'step.continue': `Continuar`,
    };
  