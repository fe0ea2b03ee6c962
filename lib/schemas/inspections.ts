import * as Type from '@sinclair/typebox';
import { CursorQuery, DateTime, Id, IdParams, Url } from './common.js';
import { defineRoute } from './route.js';
import { AgendaInspection, InspectionStatus, Photos, Inspection } from './inspection-shapes.js';

export { AgendaInspection, Photo, Inspection } from './inspection-shapes.js';

export const createInspection = defineRoute({
  id: 'createInspection',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  folder: 'inspections',
  method: 'POST',
  path: '/api/v1/inspections',
  tag: 'Inspections',
  summary: 'Create an inspection of an order (Pending)',
  status: 201,
  roles: ['operations', 'inspector'],
  body: Type.Object(
    {
      orderId: Id,
      inspectorId: Id,
      inspectionDate: Type.Optional(DateTime),
      notes: Type.Optional(Type.String({ maxLength: 5000 })),
      photos: Type.Optional(Photos),
      pdfReportUrl: Type.Optional(Url),
    },
    {
      additionalProperties: false,
      examples: [
        {
          orderId: 'ckx8k2m1p0000abcd1234efg',
          inspectorId: 'ckx8k2m1p0000abcd1234efh',
          inspectionDate: '2026-03-20T10:00:00.000Z',
          notes: 'Check the underbody for rust',
        },
      ],
    },
  ),
  response: Inspection,
});

export const changeInspectionStatus = defineRoute({
  id: 'changeInspectionStatus',
  errors: ['NOT_FOUND', 'INVALID_STATE', 'VERSION_CONFLICT'],
  folder: 'inspections',
  method: 'PATCH',
  path: '/api/v1/inspections/{id}/status',
  tag: 'Inspections',
  summary:
    'Move an inspection: Pending -> InProgress -> Completed, or Cancelled; photos and the report can be added while not final',
  description:
    'Inspectors may move only inspections assigned to them; operations and admin any. Photos are appended. 409 INVALID_STATE for a move the sequence does not have.',
  status: 200,
  roles: ['operations', 'inspector'],
  params: IdParams,
  body: Type.Object(
    {
      status: Type.Optional(
        Type.Union([Type.Literal('InProgress'), Type.Literal('Completed'), Type.Literal('Cancelled')]),
      ),
      photos: Type.Optional(Photos),
      pdfReportUrl: Type.Optional(Url),
      notes: Type.Optional(Type.String({ maxLength: 5000, examples: ['Underbody checked: no rust'] })),
    },
    { additionalProperties: false, minProperties: 1, examples: [{ status: 'InProgress' }] },
  ),
  response: Inspection,
});

export const getInspection = defineRoute({
  id: 'getInspection',
  errors: ['NOT_FOUND'],
  folder: 'inspections',
  method: 'GET',
  path: '/api/v1/inspections/{id}',
  tag: 'Inspections',
  summary: 'One inspection',
  status: 200,
  params: IdParams,
  response: Inspection,
});

export const listOrderInspections = defineRoute({
  id: 'listOrderInspections',
  errors: ['NOT_FOUND'],
  folder: 'inspections',
  method: 'GET',
  path: '/api/v1/orders/{id}/inspections',
  tag: 'Inspections',
  summary: "An order's inspections, oldest first",
  status: 200,
  params: IdParams,
  response: Type.Array(Inspection),
});

export const listInspections = defineRoute({
  id: 'listInspections',
  folder: 'inspections',
  method: 'GET',
  path: '/api/v1/inspections',
  tag: 'Inspections',
  summary:
    "An inspector's inspections by date, undated ones last: their agenda (inspector: their own; operations, admin: any inspector's)",
  description:
    "An inspector key lists its own user's inspections (inspectorId may be left out, or must be theirs: 403 otherwise); operations and admin name the inspector (an id from GET /api/v1/inspectors). open=true keeps the inspections still to do (Pending or InProgress); status keeps one status. Each inspection carries its order's number and customer's name. Pass meta.nextCursor as cursor for the next page; a page holds fewer than limit only at the agenda's end.",
  status: 200,
  roles: ['operations', 'inspector'],
  cursorList: true,
  query: Type.Object(
    {
      inspectorId: Type.Optional(Id),
      open: Type.Optional(
        Type.Boolean({ description: 'true: only the inspections still to do (Pending or InProgress)' }),
      ),
      status: Type.Optional(InspectionStatus),
      ...CursorQuery('eyJnc2kzc2siOiIyMDI2LTEyLTAxVDEwOjAwOjAwLjAwMFojY2t4OGsybTFwMDAwMGFiY2QxMjM0ZWZnIn0'),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(AgendaInspection),
});
