/** Suggested opt-out survey reasons, with English and Spanish labels (Texas customers use both). */
import type { Locale, OptOutReason } from '../../../src/api/types.js';

const REASONS: ReadonlyArray<{ code: string; en: string; es: string }> = [
  { code: 'too_expensive', en: 'The plans are too expensive', es: 'Los planes son demasiado caros' },
  { code: 'just_browsing', en: 'I am just comparing options', es: 'Solo estoy comparando opciones' },
  { code: 'moving', en: 'I am moving soon', es: 'Me voy a mudar pronto' },
  { code: 'contract_elsewhere', en: 'I am in a contract with another provider', es: 'Tengo un contrato con otro proveedor' },
  { code: 'need_more_info', en: 'I need more information first', es: 'Primero necesito más información' },
  { code: 'other', en: 'Other', es: 'Otro' },
];

export const OPT_OUT_CODES: readonly string[] = REASONS.map((r) => r.code);

export function optOutReasons(locale: Locale): OptOutReason[] {
  return REASONS.map((r) => ({ code: r.code, label: r[locale] }));
}
