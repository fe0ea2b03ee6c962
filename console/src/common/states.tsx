import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiErrorOf } from '../api/client.js';

/** A panel or page still loading. */
export function Loading({ label }: { label?: string }) {
  const translate = useTranslate();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography variant="body2">{label ?? translate('vpo.state.loading')}</Typography>
    </Box>
  );
}

/** Nothing to show. */
export function Empty({ text }: { text?: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {text ?? translate('vpo.state.empty')}
    </Typography>
  );
}

/** A refused or failed read, in words: a 403 says the role may not see it; offline says so. */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const translate = useTranslate();
  const apiError = apiErrorOf(error);
  const message = apiError?.error ?? (error instanceof Error ? error.message : String(error));
  const text =
    apiError?.statusCode === 403
      ? translate('vpo.state.forbidden', { message })
      : apiError?.code === 'OFFLINE'
        ? translate('vpo.state.offline')
        : translate('vpo.state.error', { message });
  return (
    <Alert
      severity={apiError?.statusCode === 403 ? 'warning' : 'error'}
      role="alert"
      action={
        retry ? (
          <Button color="inherit" size="small" onClick={retry}>
            {translate('vpo.state.retry')}
          </Button>
        ) : undefined
      }
      sx={{ m: 1 }}
    >
      {text}
    </Alert>
  );
}

/** What QueryState reads of a query: react-admin's useGetList/useGetOne/useGetManyReference and react-query's useQuery all have it. */
export interface QueryLike<T> {
  isPending: boolean;
  error: unknown;
  data?: T;
  refetch: () => unknown;
}

const isNothing = (data: unknown) => data === undefined || data === null || (Array.isArray(data) && data.length === 0);

/**
 * A read in one of its four states: loading, refused or failed (in words, with "try again"),
 * nothing to show (`empty`, by default "Nothing yet"), or its data given to `children`.
 */
export function QueryState<T>({
  query,
  empty,
  children,
}: {
  query: QueryLike<T>;
  empty?: ReactNode;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (isNothing(query.data)) return <>{empty ?? <Empty />}</>;
  return <>{children(query.data as NonNullable<T>)}</>;
}

/** Whether the browser is online, following its events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** A banner across every screen while the browser is offline. */
export function OfflineBanner() {
  const online = useOnline();
  const translate = useTranslate();
  if (online) return null;
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
      {translate('vpo.state.offline')}
    </Alert>
  );
}
