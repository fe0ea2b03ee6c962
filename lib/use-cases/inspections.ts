import type { Static } from '@sinclair/typebox';
import type { changeInspectionStatus as StatusContract, createInspection as CreateContract, Inspection } from '../schemas/inspections.js';
import type { Caller } from '../domain/caller.js';
import { inspectionCanMove, inspectionIsFinal } from '../domain/documents.js';
import { newId } from '../domain/ids.js';
import { AppError, forbidden, serviceUnavailable, validationError } from '../domain/errors.js';
import { listChildren, orderStillThere, putChildItems, updateChild } from '../store/order-children.js';
import { transact } from '../store/transact.js';
import { getUser } from '../store/users.js';
import { invalidState, visibleChild, visibleOrder } from './order-children.js';

type Record_ = Static<typeof Inspection> & { tenantId?: string; marketerId?: string };
type CreateBody = Static<NonNullable<(typeof CreateContract)['body']>>;
type StatusBody = Static<NonNullable<(typeof StatusContract)['body']>>;

const MAX_PHOTOS = 100;
const view = ({ tenantId: _t, marketerId: _m, ...inspection }: Record_): Static<typeof Inspection> => inspection;

export async function createInspection(caller: Caller, body: CreateBody) {
  const [order, inspector] = await Promise.all([visibleOrder(caller, body.orderId), getUser(body.inspectorId)]);
  if (!inspector || inspector.role !== 'inspector' || inspector.tenantId !== order.tenantId) {
    throw new AppError(404, 'NOT_FOUND', 'Inspector not found', [{ field: 'body.inspectorId', message: "no inspector with this id in the order's tenant" }]);
  }
  const now = new Date().toISOString();
  const inspection: Record_ = {
    id: newId(),
    orderId: order.id,
    tenantId: order.tenantId,
    marketerId: order.marketerId,
    inspectorId: body.inspectorId,
    status: 'Pending',
    inspectionDate: body.inspectionDate ?? order.inspectionDate ?? null,
    notes: body.notes ?? null,
    photos: body.photos ?? [],
    pdfReportUrl: body.pdfReportUrl ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await transact([...putChildItems('INSPECTION', inspection), orderStillThere(order.id)]);
  if (!outcome.ok) throw serviceUnavailable(1);
  return view(inspection);
}

/**
 * Moves an inspection and/or adds photos, notes and the report. Guarded by the status it was read
 * in, so two racing moves cannot both apply.
 */
export async function changeInspection(caller: Caller, id: string, body: StatusBody) {
  const inspection = await visibleChild<Record_>('INSPECTION', id, caller);
  if (caller.role === 'inspector' && inspection.inspectorId !== caller.userId) throw forbidden('This inspection is assigned to another inspector');
  if (inspectionIsFinal(inspection.status)) throw invalidState(`The inspection is ${inspection.status}; it can no longer change`);
  if (body.status && !inspectionCanMove(inspection.status, body.status)) {
    throw invalidState(`An inspection cannot move from ${inspection.status} to ${body.status}`);
  }
  const photos = [...inspection.photos, ...(body.photos ?? [])];
  if (photos.length > MAX_PHOTOS) throw validationError([{ field: 'body.photos', message: `an inspection holds at most ${MAX_PHOTOS} photos` }]);
  const set: Record<string, unknown> = {
    ...(body.status ? { status: body.status } : {}),
    ...(body.photos ? { photos } : {}),
    ...(body.pdfReportUrl ? { pdfReportUrl: body.pdfReportUrl } : {}),
    ...(body.notes !== undefined ? { notes: body.notes } : {}),
    ...(body.status === 'Completed' ? { completedAt: new Date().toISOString() } : {}),
  };
  const result = await updateChild<Record_>('INSPECTION', inspection, set, {
    expression: '#status = :read AND updatedAt = :readAt',
    names: { '#status': 'status' },
    values: { ':read': inspection.status, ':readAt': inspection.updatedAt },
  });
  if (result.ok) return view(result.record);
  throw new AppError(409, 'VERSION_CONFLICT', 'The inspection changed while this request was applied; read it again and retry', { currentStatus: result.current?.status });
}

export async function getInspection(caller: Caller, id: string) {
  return view(await visibleChild<Record_>('INSPECTION', id, caller));
}

export async function listOrderInspections(caller: Caller, orderId: string) {
  await visibleOrder(caller, orderId, 'path.id');
  return (await listChildren<Record_>('INSPECTION', orderId)).map(view);
}
