import type { Static } from '@sinclair/typebox';
import type { Caller } from '../domain/caller.js';
import { inspectionCanMove, inspectionIsFinal, inspectionNextStatuses } from '../domain/documents.js';
import { AppError, cursorRefused, forbidden, invalidField, invalidState, notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { orderInScope, scopeOf } from '../domain/scope.js';
import type {
  AgendaInspection,
  changeInspectionStatus as StatusRoute,
  createInspection as CreateRoute,
  Inspection,
  listInspections as ListRoute,
} from '../schemas/inspections.js';
import type { CursorMeta } from '../domain/paging.js';
import {
  isCursorOfInspectionAgenda,
  listChildren,
  orderStillThere,
  putChildItems,
  queryInspectionAgenda,
  updateChild,
} from '../store/order-children.js';
import { orderLabels } from '../store/order-labels.js';
import { decodeCursor, encodeCursor } from './shared/cursor.js';
import { ChangeSet } from '../store/change-set.js';
import { getUser } from '../store/users.js';
import { childInScope, ensureOrderAccepts, orderInScopeOrNotFound } from './shared/order-children.js';

type InspectionRecord = Omit<Static<typeof Inspection>, 'allowedStatusTransitions'> & {
  tenantId?: string;
  marketerId?: string;
};
type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;
type StatusBody = Static<NonNullable<(typeof StatusRoute)['body']>>;
type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;

const MAX_PHOTOS = 100;
const view = ({ tenantId: _t, marketerId: _m, ...inspection }: InspectionRecord): Static<typeof Inspection> => ({
  ...inspection,
  allowedStatusTransitions: [...inspectionNextStatuses(inspection.status)],
});

export async function createInspection(caller: Caller, body: CreateBody) {
  const scope = scopeOf(caller);
  const [order, inspector] = await Promise.all([
    orderInScopeOrNotFound(scope, body.orderId),
    getUser(scope, body.inspectorId),
  ]);
  ensureOrderAccepts(order, 'inspection');
  if (inspector?.role !== 'inspector' || inspector.tenantId !== order.tenantId || inspector.active === false) {
    throw new AppError('NOT_FOUND', 'Inspector not found', [
      { field: 'inspectorId', message: "no active inspector with this user id in the order's tenant" },
    ]);
  }
  const now = new Date().toISOString();
  const inspection: InspectionRecord = {
    id: newId(),
    orderId: order.id,
    tenantId: order.tenantId,
    marketerId: order.marketerId,
    inspectorId: body.inspectorId,
    inspectorName: inspector.name,
    status: 'Pending',
    inspectionDate: body.inspectionDate ?? order.inspectionDate ?? null,
    notes: body.notes ?? null,
    photos: body.photos ?? [],
    pdfReportUrl: body.pdfReportUrl ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const changes = new ChangeSet(caller, now);
  changes.write(...putChildItems('INSPECTION', inspection), orderStillThere(order.id));
  changes.audit({
    entity: 'inspection',
    entityId: inspection.id,
    tenantId: inspection.tenantId,
    action: 'created',
    after: inspection,
  });
  changes.emit('inspection.created', inspection.tenantId, { type: 'inspection', id: inspection.id }, view(inspection), {
    orderId: order.id,
  });
  if (!(await changes.commit()).ok) throw notFound('Order', 'orderId');
  return view(inspection);
}

/**
 * Moves an inspection and/or adds photos, notes and the report. Guarded by the status it was read
 * in, so two racing moves cannot both apply.
 */
export async function changeInspectionStatus(caller: Caller, id: string, body: StatusBody) {
  const scope = scopeOf(caller);
  const inspection = await childInScope(scope, 'INSPECTION', id);
  if (caller.role === 'inspector' && inspection.inspectorId !== caller.userId)
    throw forbidden('This inspection is assigned to another inspector');
  // The inspector's name as it is now, kept with the change (a rename shows from the next change on).
  const inspector = await getUser(scope, inspection.inspectorId);
  if (inspectionIsFinal(inspection.status))
    throw invalidState(`The inspection is ${inspection.status}; it can no longer change`);
  if (body.status && !inspectionCanMove(inspection.status, body.status)) {
    const next = inspectionNextStatuses(inspection.status);
    throw invalidState(
      `An inspection cannot move from ${inspection.status} to ${body.status}; from ${inspection.status} it can move to ${next.join(' or ')}`,
      [
        {
          field: 'status',
          message: `must be one of ${next.join(', ')} while the inspection is ${inspection.status}`,
          currentStatus: inspection.status,
          allowedStatuses: next,
        },
      ],
    );
  }
  const photos = [...inspection.photos, ...(body.photos ?? [])];
  if (photos.length > MAX_PHOTOS) {
    const room = MAX_PHOTOS - inspection.photos.length;
    throw invalidField(
      'photos',
      `must bring the inspection to at most ${MAX_PHOTOS} photos in all: it has ${inspection.photos.length}, so send ${room} or fewer, e.g. the first ${room} of these`,
    );
  }
  const set: Record<string, unknown> = {
    ...(body.status ? { status: body.status } : {}),
    ...(body.photos ? { photos } : {}),
    ...(body.pdfReportUrl ? { pdfReportUrl: body.pdfReportUrl } : {}),
    ...(body.notes !== undefined ? { notes: body.notes } : {}),
    ...(body.status === 'Completed' ? { completedAt: new Date().toISOString() } : {}),
    ...(inspector?.name !== undefined && inspector.name !== inspection.inspectorName
      ? { inspectorName: inspector.name }
      : {}),
  };
  const readAt = {
    expression: '#status = :read AND updatedAt = :readAt',
    names: { '#status': 'status' },
    values: { ':read': inspection.status, ':readAt': inspection.updatedAt },
  };
  const result = await updateChild(caller, scope, 'INSPECTION', inspection, set, readAt, (changes, next) => {
    const action = body.status ? `status.${body.status}` : 'updated';
    changes.audit({
      entity: 'inspection',
      entityId: id,
      tenantId: inspection.tenantId,
      action,
      before: inspection,
      after: next,
    });
    // A move is news to integrators; photos and notes alone are not.
    if (body.status && body.status !== inspection.status) {
      const facts = { orderId: inspection.orderId, from: inspection.status, to: body.status };
      changes.emit('inspection.status_changed', inspection.tenantId, { type: 'inspection', id }, view(next), facts);
    }
  });
  if (result.ok) return view(result.record);
  throw new AppError(
    'VERSION_CONFLICT',
    'The inspection changed while this request was applied; read it again and retry',
    {
      currentStatus: result.current?.status,
    },
  );
}

export async function getInspection(caller: Caller, id: string) {
  return view(await childInScope(scopeOf(caller), 'INSPECTION', id));
}

export async function listOrderInspections(caller: Caller, orderId: string) {
  const scope = scopeOf(caller);
  await orderInScopeOrNotFound(scope, orderId, 'id');
  return (await listChildren(scope, 'INSPECTION', orderId)).map(view);
}

/** The inspector whose agenda a caller lists: an inspector their own, operations and admin the one they name. */
function agendaOwner(caller: Caller, inspectorId: string | undefined): string {
  if (caller.role === 'inspector') {
    if (!caller.userId) throw forbidden('This inspector key has no userId, so it has no inspections');
    if (inspectorId !== undefined && inspectorId !== caller.userId)
      throw forbidden('An inspector lists only their own inspections: leave inspectorId out, or give your own');
    return caller.userId;
  }
  if (inspectorId === undefined)
    throw invalidField(
      'inspectorId',
      'is required: the inspector whose inspections to list, e.g. an id from GET /api/v1/inspectors',
    );
  return inspectorId;
}

/** An inspector's inspections by date, undated ones last, each with its order's number and customer. */
export async function listInspections(
  caller: Caller,
  query: ListQuery,
): Promise<{ data: Array<Static<typeof AgendaInspection>>; meta: CursorMeta }> {
  const inspectorId = agendaOwner(caller, query.inspectorId);
  if (query.open !== undefined && query.status !== undefined)
    throw invalidField('open', 'cannot be given with status: give open=true for Pending and InProgress, or one status');
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw cursorRefused('cursor', 'this is not one the API gave');
  if (after && !isCursorOfInspectionAgenda(inspectorId, after))
    throw cursorRefused('cursor', "this one belongs to another inspector's listing");
  const statuses = query.status ? [query.status] : query.open ? ['Pending', 'InProgress'] : undefined;
  const page = await queryInspectionAgenda(inspectorId, {
    limit: query.limit,
    ...(after ? { after } : {}),
    ...(statuses ? { statuses } : {}),
  });
  // An inspector of another tenant named by operations: none of theirs are in the caller's scope.
  const scope = scopeOf(caller);
  const inScope = page.inspections.filter((inspection) => orderInScope(inspection, scope));
  const labels = inScope.length > 0 ? await orderLabels(inScope.map((inspection) => inspection.orderId)) : new Map();
  return {
    data: inScope.map((inspection) => ({ ...view(inspection), ...labels.get(inspection.orderId) })),
    meta: { limit: query.limit, ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}) },
  };
}
