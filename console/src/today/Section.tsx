import { List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { Panel } from '../common/Panel.js';
import { ErrorState, Loading } from '../common/states.js';

export interface Item {
  key: string;
  to?: string;
  primary: ReactNode;
  secondary?: ReactNode;
}

/** One block of the Today page: loading, refused, nothing waiting, or the list of what waits. */
export function Section({
  title,
  help,
  query,
}: {
  title: string;
  help?: string;
  query: { isPending: boolean; error: unknown; data?: Item[]; refetch: () => unknown };
}) {
  const translate = useTranslate();
  return (
    <Panel title={title}>
      {help && <p style={{ marginTop: 0, color: '#555' }}>{help}</p>}
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : !query.data?.length ? (
        <p>{translate('vpo.today.nothing')}</p>
      ) : (
        <List dense>
          {query.data.map((item) => (
            <ListItem key={item.key} disablePadding>
              {item.to ? (
                <ListItemButton component={Link} to={item.to}>
                  <ListItemText primary={item.primary} secondary={item.secondary} />
                </ListItemButton>
              ) : (
                <ListItemText primary={item.primary} secondary={item.secondary} />
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Panel>
  );
}
