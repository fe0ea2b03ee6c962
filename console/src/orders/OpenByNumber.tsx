import { Alert, Box, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import type { Order } from '../api/types.js';
import { parseOrderNumber } from './find-by-number.js';

/** "Open order no. …": asks the API for the order with that number and opens it. */
export function OpenByNumber() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = parseOrderNumber(text);
    if (wanted === undefined) return;
    setMessage(translate('vpo.orders.searching', { number: wanted }));
    try {
      // One read: the API finds an order by its number (an empty list: none the key may see).
      const result = await dataProvider.getList<Order>('orders', {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { orderNumber: wanted },
      });
      const found = result.data[0];
      if (found) {
        setMessage(undefined);
        navigate(`/orders/${found.id}/show`);
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
