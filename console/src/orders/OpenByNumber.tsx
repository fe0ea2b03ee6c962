import { Alert, Box, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import type { ConsoleDataProvider } from '../api/dataProvider';
import type { Order } from '../api/types';
import { parseOrderNumber, scanPage } from './find-by-number.js';

/** "Open order no. …": walks the newest-first list, a page at a time, until the number is found or passed. */
export function OpenByNumber() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = parseOrderNumber(text);
    if (wanted === undefined) return;
    setMessage(translate('vpo.orders.searching', { number: wanted }));
    try {
      for (let page = 1; page < 500; page++) {
        const result = await dataProvider.getList<Order>('orders', {
          pagination: { page, perPage: 100 },
          sort: { field: 'createdAt', order: 'DESC' },
          filter: {},
        });
        const step = scanPage(result.data, wanted, result.pageInfo?.hasNextPage ?? false);
        if (step === 'next') continue;
        if (step === 'absent') break;
        setMessage(undefined);
        navigate(`/orders/${step.found}/show`);
        return;
      }
      setMessage(translate('vpo.orders.notFoundNumber', { number: wanted }));
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Box component="form" onSubmit={submit} role="search" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <TextField
        size="small"
        id="open-order-number"
        label={translate('vpo.orders.openByNumber')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        helperText={message ? undefined : translate('vpo.orders.openByNumberHelp')}
      />
      {message && (
        <Alert severity="info" role="status" sx={{ py: 0 }}>
          {message}
        </Alert>
      )}
    </Box>
  );
}
