import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { createContext, type ReactNode, useContext, useId, useState } from 'react';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { apiErrorOf } from '../api/client.js';
import { versionConflict } from '../api/error-details.js';
import type { OrderDetail } from '../api/types.js';
import { type Change, changedFields } from './changes.js';

interface Conflict {
  number: number;
  mine: number;
  theirs: number;
  changes: Change[];
}

const ConflictContext = createContext<(error: unknown) => boolean>(() => false);

/** A change refused for a stale version (409/412) is the order page's to explain: see ConflictProvider. */
export function useConflictHandler(): (error: unknown) => boolean {
  return useContext(ConflictContext);
}

/**
 * Someone else changed the order: read it again, say so, show what changed since the person's
 * copy, and reload every view of it.
 */
export function ConflictProvider({ order, children }: { order: OrderDetail; children: ReactNode }) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const translate = useTranslate();
  const titleId = useId();
  const [conflict, setConflict] = useState<Conflict>();

  const handle = (error: unknown): boolean => {
    const found = versionConflict(apiErrorOf(error));
    if (!found) return false;
    void dataProvider.getOne<OrderDetail>('orders', { id: order.id }).then(
      ({ data }) => {
        setConflict({
          number: order.orderNumber,
          mine: order.version,
          theirs: data.version,
          changes: changedFields(
            order as unknown as Record<string, unknown>,
            data as unknown as Record<string, unknown>,
          ),
        });
        refresh();
      },
      () => refresh(),
    );
    return true;
  };

  return (
    <ConflictContext.Provider value={handle}>
      {children}
      <Dialog
        open={Boolean(conflict)}
        onClose={() => setConflict(undefined)}
        aria-labelledby={titleId}
        maxWidth="md"
        fullWidth
      >
        <DialogTitle id={titleId}>{translate('vpo.orders.conflictTitle')}</DialogTitle>
        <DialogContent>
          {conflict && (
            <>
              <Alert severity="warning" role="alert">
                {translate('vpo.orders.conflict', {
                  number: conflict.number,
                  mine: conflict.mine,
                  theirs: conflict.theirs,
                })}
              </Alert>
              {conflict.changes.length > 0 && (
                <Table size="small" aria-label={translate('vpo.orders.changed')} sx={{ mt: 2 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('vpo.orders.changed')}</TableCell>
                      <TableCell>{translate('resources.audit.fields.from')}</TableCell>
                      <TableCell>{translate('resources.audit.fields.to')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {conflict.changes.map((change) => (
                      <TableRow key={change.field}>
                        <TableCell>{change.field}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>{change.before}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>{change.after}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setConflict(undefined)} autoFocus>
            {translate('vpo.common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </ConflictContext.Provider>
  );
}
