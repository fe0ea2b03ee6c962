import { contractModel, type ContractInput } from './contract.js';
import { customsInvoiceModel, type CustomsInvoiceInput } from './customs-invoice.js';
import type { DocumentModel } from './model.js';
import { proformaModel, type ProformaInput } from './proforma-invoice.js';

/**
 * What a document says, as facts: everything the order decided (number, date, parties, car,
 * amounts, payments), before it is put into words. The API function decides these; the PDF
 * renderer composes and lays them out, so the words of both languages and the amount in words
 * travel with the renderer rather than with every document route.
 */
export type DocumentFacts =
  | { type: 'customs-invoice'; input: CustomsInvoiceInput }
  | { type: 'proforma-invoice'; input: ProformaInput }
  | { type: 'contract'; input: ContractInput };

/** The document's text from its facts. */
export function composeDocument(facts: DocumentFacts): DocumentModel {
  if (facts.type === 'customs-invoice') return customsInvoiceModel(facts.input);
  if (facts.type === 'proforma-invoice') return proformaModel(facts.input);
  return contractModel(facts.input);
}
