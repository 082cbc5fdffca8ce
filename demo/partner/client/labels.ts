/** Human names for scopes and close reasons, shared by the views. */
import type { FlowScope, Locale } from './types.js';

const SCOPE_TITLES: Record<Locale, Record<FlowScope, string>> = {
  en: {
    enrollment: 'Electricity enrollment',
    'update-payment-method': 'Electricity payment method',
    documents: 'Electricity documents',
    billing: 'Electricity billing',
    renewal: 'Electricity plan renewal',
    'connect-battery': 'Home battery connection',
  },
  es: {
    enrollment: 'Inscripción en el servicio de electricidad',
    'update-payment-method': 'Método de pago de la electricidad',
    documents: 'Documentos de la electricidad',
    billing: 'Facturas de la electricidad',
    renewal: 'Renovación del plan de electricidad',
    'connect-battery': 'Conexión de la batería doméstica',
  },
};

/**
 * The accessible names around the flow, per scope, in the flow's language (a screen reader says them just before the
 * flow itself): the frame's and the modal's (`title`), and the host SDK's fallback close button's (`closeLabel`).
 */
export function flowTitle(scope: FlowScope, locale: Locale = 'en'): { title: string; closeLabel: string } {
  const title = SCOPE_TITLES[locale][scope];
  return { title, closeLabel: `${locale === 'es' ? 'Cerrar' : 'Close'} ${title.charAt(0).toLowerCase()}${title.slice(1)}` };
}

const REASONS: Record<string, string> = {
  completed: 'The customer finished the flow.',
  exited: 'The customer left the flow.',
  expired: 'The login link expired.',
  error: 'The flow stopped because of an error.',
};

/**
 * The sentence `table` has for `reason`, if it is one of its own keys: a reason comes from a message or from the
 * return page's address, which anyone can type (`constructor` is no reason, whatever a plain object inherits).
 */
function sentenceFor(table: Record<string, string>, reason: string | undefined): string | undefined {
  return reason !== undefined && Object.hasOwn(table, reason) ? table[reason] : undefined;
}

export function describeReason(reason: string | undefined): string {
  if (reason === undefined) return 'The flow closed.';
  return sentenceFor(REASONS, reason) ?? `The flow closed (reason: ${reason}).`;
}

/** The return page speaks to the customer who just came back from the hosted flow, in the flow's last language. */
export type ReturnLang = 'en' | 'es';

const RETURN_TEXT: Record<ReturnLang, Record<string, string>> = {
  en: {
    completed: 'Thank you, you are finished. Your Lone Star Bank account shows where things stand.',
    exited: 'You closed the electricity flow. Anything you saved there is kept, for the next time you open it from Lone Star Bank.',
    expired: 'Your link expired. Lone Star Bank can give you a new one, which continues where you left off.',
    error: 'Something went wrong on our side. Please try again later.',
  },
  es: {
    completed: 'Gracias, ya terminó. Su cuenta de Lone Star Bank muestra el estado de su trámite.',
    exited: 'Cerró el proceso de electricidad. Lo que guardó allí se conserva para la próxima vez que lo abra desde Lone Star Bank.',
    expired: 'Su enlace venció. Lone Star Bank puede darle uno nuevo, que continúa donde se quedó.',
    error: 'Algo salió mal de nuestro lado. Vuelva a intentarlo más tarde.',
  },
};

const RETURN_CLOSED: Record<ReturnLang, string> = {
  en: 'The electricity flow has closed.',
  es: 'El proceso de electricidad se cerró.',
};

/** The page's other sentences (return.html holds the English ones). */
export const RETURN_PAGE: Record<ReturnLang, { title: string; heading: string; lead: string; close: string; demo: string }> = {
  en: {
    title: 'Back at Lone Star Bank',
    heading: 'Welcome back',
    lead: 'The hosted electricity flow sent you back to Lone Star Bank.',
    close: 'You can close this tab, or ',
    demo: 'go back to the partner demo',
  },
  es: {
    title: 'De vuelta en Lone Star Bank',
    heading: 'Le damos la bienvenida de nuevo',
    lead: 'Regresó a Lone Star Bank desde el proceso de electricidad.',
    close: 'Puede cerrar esta pestaña o ',
    demo: 'volver a la demostración del socio',
  },
};

export function describeReturn(reason: string | undefined, lang: ReturnLang = 'en'): string {
  return sentenceFor(RETURN_TEXT[lang], reason) ?? RETURN_CLOSED[lang];
}
