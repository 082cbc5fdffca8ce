/**
 * The sandbox's contract documents and invoices as PdfDocument models, in English and Spanish. Content follows
 * the Texas rules for them (16 TAC §25.475: EFL, Terms of Service and Your Rights as a Customer); the provider, its
 * certificate number and its contact details are fictional, and every document says so, because sandbox PDFs end up
 * in screenshots and partner demos. One file per document; what they share is in common.ts.
 */
export { REP, YRAC_VERSION, documentTitle, type DocLang, type DocumentType, type InvoicePdfInput, type LoaInput, type PlanDocInput } from './common.js';
export { eflDocument } from './efl.js';
export { tosDocument } from './tos.js';
export { yracDocument } from './yrac.js';
export { loaDocument } from './loa.js';
export { invoiceDocument } from './invoice.js';
