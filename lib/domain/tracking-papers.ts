import { latestInspection } from './tracking-milestones.js';
import type { Paper, PaperKind, PaperLanguage, TrackingPageInput, TrackingPageView } from './tracking-view-shape.js';

/** The papers the buyer's page links: which generated PDFs, files and reports, in which language. */

const PAPER_KINDS: readonly PaperKind[] = ['contract', 'proforma-invoice', 'customs-invoice', 'inspection-report'];

export const isWebAddress = (value: string | undefined): value is string =>
  value !== undefined && /^https?:\/\//i.test(value);

/** The newest first. */
const byNewest = <T extends { createdAt: string }>(a: T, b: T): number => b.createdAt.localeCompare(a.createdAt);

export function papersOf(input: TrackingPageInput): TrackingPageView['papers'] {
  const papers: TrackingPageView['papers'] = [];
  const generated = (kind: PaperKind) => input.documents.filter((d) => d.type === kind).sort(byNewest);
  const contract = input.signedContract;
  if (contract?.url && isWebAddress(contract.url))
    papers.push({ kind: 'contract', url: contract.url, date: contract.signedAt, number: contract.contractNumber });
  else if (contract)
    for (const d of generated('contract'))
      papers.push({
        kind: 'contract',
        url: d.url,
        date: contract.signedAt,
        number: contract.contractNumber,
        ...(d.language ? { language: d.language } : {}),
      });
  for (const kind of ['proforma-invoice', 'customs-invoice'] as const)
    for (const d of generated(kind))
      papers.push({ kind, url: d.url, date: d.createdAt, ...(d.language ? { language: d.language } : {}) });
  const report = latestInspection(input.inspections)?.pdfReportUrl ?? undefined;
  if (isWebAddress(report)) papers.push({ kind: 'inspection-report', url: report });
  return papers;
}

/**
 * The generated PDFs the page may link: of each type it shows, the newest version in each
 * language (so a page in either language finds its own), and of contracts only the signed
 * one's (a contract generated before contracts were recorded on it counts as the signed one).
 */
export function documentsToLink<D extends { type: string; language: string; version: number; contractId?: string }>(
  documents: readonly D[],
  signedContractId: string | undefined,
): D[] {
  const shown = (d: D) =>
    d.type === 'proforma-invoice' ||
    d.type === 'customs-invoice' ||
    (d.type === 'contract' &&
      signedContractId !== undefined &&
      (d.contractId ?? signedContractId) === signedContractId);
  const newest = new Map<string, D>();
  for (const d of documents.filter(shown)) {
    const key = `${d.type} ${d.language}`;
    if ((newest.get(key)?.version ?? 0) < d.version) newest.set(key, d);
  }
  return [...newest.values()];
}

/**
 * The papers a page in `language` links: per kind, the newest in its language, else the newest
 * in another one (the page then says which), in the order a buyer needs them.
 */
export function papersIn(papers: readonly Paper[], language: PaperLanguage): Paper[] {
  return PAPER_KINDS.flatMap((kind) => {
    const ofKind = papers.filter((p) => p.kind === kind);
    const chosen = ofKind.find((p) => p.language === undefined || p.language === language) ?? ofKind[0];
    return chosen ? [chosen] : [];
  });
}
