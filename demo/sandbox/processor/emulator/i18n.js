/* global navigator */
/**
 * English and Spanish text of the Payment Element, the 3-D Secure dialog and the error messages. Stripe localizes
 * `error.message` to the Elements locale, so declines coming back from the processor are translated here by code.
 */

const STRINGS = {
  en: {
    cardNumber: 'Card number',
    expiry: 'Expiration date (MM / YY)',
    expiryPlaceholder: 'MM / YY',
    cvc: 'Security code (CVC)',
    zip: 'ZIP code',
    brand: 'Card type: {brand}',
    loading: 'Loading the payment form…',
    notReady: 'The payment form is not ready yet.',
    loadError: 'The payment form could not load. Reload the page to try again.',
    dialogTitle: 'Authenticate your card',
    dialogHint: 'Your bank asks you to confirm this card. Use the buttons below; Cancel stops adding the card.',
    frameTitle: '3-D Secure authentication',
    cancel: 'Cancel',
    incomplete_number: 'Your card number is incomplete.',
    invalid_number: 'Your card number is invalid.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_month: "Your card's expiration month is invalid.",
    invalid_expiry_year: "Your card's expiration year is invalid.",
    invalid_expiry_year_past: "Your card's expiration year is in the past.",
    invalid_expiry_month_past: "Your card's expiration date is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
    incomplete_zip: 'Your ZIP code is incomplete.',
    api_connection_error: 'We could not reach the payment processor. Check your connection and try again.',
    setup_intent_authentication_failure:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
  es: {
    cardNumber: 'Número de tarjeta',
    expiry: 'Fecha de vencimiento (MM / AA)',
    expiryPlaceholder: 'MM / AA',
    cvc: 'Código de seguridad (CVC)',
    zip: 'Código postal',
    brand: 'Tipo de tarjeta: {brand}',
    loading: 'Cargando el formulario de pago…',
    notReady: 'El formulario de pago aún no está listo.',
    loadError: 'No se pudo cargar el formulario de pago. Vuelve a cargar la página para intentarlo de nuevo.',
    dialogTitle: 'Autentica tu tarjeta',
    dialogHint: 'Tu banco te pide confirmar esta tarjeta. Usa los botones de abajo; Cancelar detiene el registro de la tarjeta.',
    frameTitle: 'Autenticación 3-D Secure',
    cancel: 'Cancelar',
    incomplete_number: 'El número de tu tarjeta está incompleto.',
    invalid_number: 'El número de tu tarjeta no es válido.',
    incomplete_expiry: 'La fecha de vencimiento de tu tarjeta está incompleta.',
    invalid_expiry_month: 'El mes de vencimiento de tu tarjeta no es válido.',
    invalid_expiry_year: 'El año de vencimiento de tu tarjeta no es válido.',
    invalid_expiry_year_past: 'El año de vencimiento de tu tarjeta ya pasó.',
    invalid_expiry_month_past: 'La fecha de vencimiento de tu tarjeta ya pasó.',
    incomplete_cvc: 'El código de seguridad de tu tarjeta está incompleto.',
    incomplete_zip: 'Tu código postal está incompleto.',
    api_connection_error: 'No pudimos conectar con el procesador de pagos. Revisa tu conexión e inténtalo de nuevo.',
    // Processor errors, by decline_code or code.
    generic_decline: 'Tu tarjeta fue rechazada.',
    card_declined: 'Tu tarjeta fue rechazada.',
    lost_card: 'Tu tarjeta fue rechazada.',
    stolen_card: 'Tu tarjeta fue rechazada.',
    test_mode_live_card: 'Tu tarjeta fue rechazada. Esta solicitud es de prueba y la tarjeta no es una tarjeta de prueba del sandbox.',
    insufficient_funds: 'Tu tarjeta no tiene fondos suficientes.',
    expired_card: 'Tu tarjeta está vencida.',
    incorrect_cvc: 'El código de seguridad de tu tarjeta es incorrecto.',
    invalid_cvc: 'El código de seguridad de tu tarjeta no es válido.',
    processing_error: 'Se produjo un error al procesar tu tarjeta. Inténtalo de nuevo en unos momentos.',
    incorrect_number: 'El número de tu tarjeta es incorrecto.',
    postal_code_invalid: 'Tu código postal no es válido.',
    setup_intent_authentication_failure:
      'No pudimos autenticar tu método de pago. Elige otro método de pago e inténtalo de nuevo.',
  },
};

export const BRAND_NAMES = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'es', 'es-419', 'es-US' → 'es'; 'auto' follows the browser; anything else is English. */
export function resolveLocale(requested) {
  const wanted = !requested || requested === 'auto' ? (navigator.language ?? 'en') : String(requested);
  return wanted.toLowerCase().startsWith('es') ? 'es' : 'en';
}

export function t(locale, key, vars = {}) {
  const text = STRINGS[locale]?.[key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ''));
}

/**
 * The error with its message in the locale. English keeps the processor's own message (it is Stripe's wording);
 * Spanish looks the decline code, then the error code, up in the table and keeps the English text if neither is known.
 */
export function localizeError(locale, error) {
  if (locale !== 'es') return error;
  const table = STRINGS.es;
  const message = table[error.decline_code] ?? table[error.code] ?? error.message;
  return { ...error, message };
}
