import { Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useState } from 'react';
import { DateInput, TextInput, useTranslate } from 'react-admin';
import { EXPORT_STEPS } from '../../api/enums.js';
import type { BodyOf, ExportStep, OrderDetail } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { ActionDialog } from '../../common/ActionDialog.js';
import { useFormat, When } from '../../common/format.js';
import { useAction } from '../../common/useAction.js';
import { useConflictHandler } from '../conflict.js';
import { Panel } from '../../common/Panel.js';
import type { ExportActions } from './data.js';

type Steps = NonNullable<OrderDetail['exportSteps']>;
const FIELD: Record<ExportStep, keyof Omit<Steps, 'completionReportDueBy'>> = {
  deregistration: 'deregistration',
  'bonded-area': 'bondedArea',
  'export-declaration': 'exportDeclaration',
  'completion-report': 'completionReport',
};

/** The export steps recorded on the order and their deadlines; record a step (the API says which comes when). */
export function ExportPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const format = useFormat();
  const { can } = useMe();
  const { dataProvider } = useAction<ExportActions>();
  const onConflict = useConflictHandler();
  const [step, setStep] = useState<ExportStep>();
  const steps: Steps = order.exportSteps ?? {};
  const mayRecord = can('PUT /api/v1/orders/{id}/export-steps/{step}');

  return (
    <Panel title={translate('vpo.export.steps')}>
      <Table size="small" aria-label={translate('vpo.export.steps')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('vpo.export.title')}</TableCell>
            <TableCell>{translate('vpo.export.date')}</TableCell>
            <TableCell>{translate('vpo.common.details')}</TableCell>
            {mayRecord && <TableCell>{translate('vpo.common.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {EXPORT_STEPS.map((name) => {
            const done = steps[FIELD[name]];
            return (
              <TableRow key={name}>
                <TableCell>{translate(`vpo.export.step.${name}`)}</TableCell>
                <TableCell>{done ? <When iso={done.date} day /> : translate('vpo.export.notYet')}</TableCell>
                <TableCell>
                  {[
                    done && 'number' in done ? done.number : undefined,
                    done && 'location' in done ? done.location : undefined,
                    done && 'loadBy' in done
                      ? translate('vpo.export.loadBy', { date: format.day(done.loadBy) })
                      : undefined,
                    name === 'deregistration' && steps.completionReportDueBy
                      ? translate('vpo.export.dueBy', { date: format.day(steps.completionReportDueBy) })
                      : undefined,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  {done?.documentUrl && (
                    <>
                      {' '}
                      <a href={done.documentUrl} target="_blank" rel="noreferrer">
                        {translate('vpo.common.open')}
                      </a>
                    </>
                  )}
                </TableCell>
                {mayRecord && (
                  <TableCell>
                    {/* Offered for the steps the API says may be recorded now (in order, in the right status). */}
                    {order.recordableExportSteps.includes(name) && (
                      <Button size="small" onClick={() => setStep(name)}>
                        {translate('vpo.export.record')}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {step && (
        <ActionDialog<BodyOf<'/api/v1/orders/{id}/export-steps/{step}', 'put'>>
          open
          onClose={() => setStep(undefined)}
          title={`${translate('vpo.export.record')}: ${translate(`vpo.export.step.${step}`)}`}
          defaultValues={{ date: steps[FIELD[step]]?.date ?? new Date().toISOString().slice(0, 10) }}
          submit={(values) => dataProvider.exportStep(order.id, step, order.version, values)}
          success={translate('vpo.export.recorded')}
          onError={onConflict}
        >
          <DateInput source="date" label="vpo.export.date" fullWidth />
          <TextInput source="documentUrl" label="vpo.export.documentUrl" type="url" fullWidth />
          {step === 'export-declaration' && <TextInput source="number" label="vpo.export.number" fullWidth />}
          {step === 'bonded-area' && <TextInput source="location" label="vpo.export.location" fullWidth />}
        </ActionDialog>
      )}
    </Panel>
  );
}
