/**
 * State rules of the records around an order, pure.
 * Contract: Draft -> Sent -> Signed; sending works from Draft and Sent (a resend), signing from
 * Draft or Sent (a contract signed on paper never needs sending); Signed is final, and edits
 * are allowed only while Draft.
 * Inspection: Pending -> InProgress -> Completed, or Cancelled from Pending or InProgress.
 */
export type ContractStatus = 'Draft' | 'Sent' | 'Signed';
export const CONTRACT_SENDABLE: readonly ContractStatus[] = ['Draft', 'Sent'];
export const CONTRACT_SIGNABLE: readonly ContractStatus[] = ['Draft', 'Sent'];

export type InspectionStatus = 'Pending' | 'InProgress' | 'Completed' | 'Cancelled';
const INSPECTION_MOVES: Record<InspectionStatus, readonly InspectionStatus[]> = {
  Pending: ['InProgress', 'Cancelled'],
  InProgress: ['Completed', 'Cancelled'],
  Completed: [],
  Cancelled: [],
};

export const inspectionCanMove = (from: InspectionStatus, to: InspectionStatus): boolean =>
  INSPECTION_MOVES[from].includes(to);
/** Where an inspection can go next from a status. */
export const inspectionNextStatuses = (from: InspectionStatus): readonly InspectionStatus[] => INSPECTION_MOVES[from];
export const inspectionIsFinal = (status: InspectionStatus): boolean => INSPECTION_MOVES[status].length === 0;

/** Customs documents: at most this many per order, each at most this many bytes of JSON. */
export const CUSTOMS_DOCUMENTS_MAX = 50;
export const CUSTOMS_DOCUMENT_MAX_BYTES = 4 * 1024;
