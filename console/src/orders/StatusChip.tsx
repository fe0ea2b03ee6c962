import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderStatus } from '../api/types.js';

const COLOURS: Partial<Record<OrderStatus, 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info'>> = {
  Delivered: 'success',
  Cancelled: 'error',
  Shipped: 'info',
  Purchased: 'info',
  DepositSubmitted: 'warning',
  PaymentSubmitted: 'warning',
};

export function StatusChip({ status }: { status: OrderStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`vpo.status.${status}`)}
      color={COLOURS[status] ?? 'default'}
      variant="outlined"
    />
  );
}
