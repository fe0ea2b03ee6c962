import type { OrderVersion } from './order-version.js';
import { call } from './recorder.js';
import { INSPECTION_AT, type Keys } from './walk-data.js';

/** The inspection: scheduled, done and reported, and the order moved on. */
export async function inspect(keys: Keys, current: OrderVersion): Promise<void> {
  const { operations, inspector, integrator } = keys;
  const { id: orderId, move } = current;
  // Inspection.
  await move(operations, 'InspectionScheduled', { inspectionDate: INSPECTION_AT });
  const inspection = (
    await call('createInspection', {
      key: operations,
      body: {
        orderId,
        inspectorId: 'demouserinspector0000001',
        inspectionDate: INSPECTION_AT,
        notes: 'Check the underbody for rust',
      },
    })
  ).body.data;
  await call('changeInspectionStatus', { key: inspector, path: { id: inspection.id }, body: { status: 'InProgress' } });
  await call('changeInspectionStatus', {
    key: inspector,
    path: { id: inspection.id },
    body: {
      status: 'Completed',
      notes: 'No accident history; light scratches on the rear bumper',
      photos: [
        {
          url: 'https://files.example.com/inspections/i-1042/front.jpg',
          type: 'exterior',
          caption: 'Front',
          priority: 1,
        },
      ],
      pdfReportUrl: 'https://files.example.com/inspections/i-1042/report.pdf',
    },
    keep: true,
    note: 'the inspection completed, with a photo and the report',
  });
  await call('changeInspectionStatus', {
    key: inspector,
    path: { id: inspection.id },
    body: { status: 'InProgress' },
    expect: 409,
    note: 'a move the sequence does not have',
  });
  await call('getInspection', { key: integrator, path: { id: inspection.id } });
  await call('listOrderInspections', { key: integrator, path: { id: orderId } });
  await call('listInspections', {
    key: inspector,
    query: { limit: 20 },
    note: "the inspector's own inspections, by date",
  });
  await move(inspector, 'InspectionCompleted');
}
