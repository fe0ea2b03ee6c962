import { Link, List, ListItem, ListItemText } from '@mui/material';
import { SelectInput, useGetManyReference, useTranslate } from 'react-admin';
import { DOCUMENT_TYPES } from '../../api/enums';
import type { BodyOf, GeneratedDocument, OrderDetail } from '../../api/types';
import { useMe } from '../../auth/useMe';
import { ActionDialog, useDialog } from '../../common/ActionDialog';
import { useFormat } from '../../common/format';
import { Empty, ErrorState, Loading } from '../../common/states';
import { useAction } from '../../common/useAction';
import { useConflictHandler } from '../conflict';
import { Panel } from './Panel';
import { Button } from '@mui/material';

/** PDFs generated for the order (every version, newest first), and "generate" in English or Arabic. */
export function DocumentsPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const format = useFormat();
  const { can } = useMe();
  const generate = useDialog();
  const { dataProvider } = useAction();
  const onConflict = useConflictHandler();
  const { data, isPending, error, refetch } = useGetManyReference<GeneratedDocument>('documents', {
    target: 'orderId',
    id: order.id,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'DESC' },
  });

  return (
    <Panel
      title={translate('vpo.documents.title')}
      actions={
        can('POST /api/v1/orders/{id}/documents') && (
          <Button variant="outlined" onClick={generate.show}>
            {translate('vpo.documents.generate')}
          </Button>
        )
      }
    >
      {isPending ? (
        <Loading />
      ) : error ? (
        <ErrorState error={error} retry={refetch} />
      ) : !data?.length ? (
        <Empty />
      ) : (
        <List dense aria-label={translate('vpo.documents.versions')}>
          {data.map((document) => (
            <ListItem key={document.id} disableGutters>
              <ListItemText
                primary={
                  <Link href={document.url} target="_blank" rel="noreferrer">
                    {translate(`vpo.documents.types.${document.type}`)} — {translate('vpo.common.pdf')}
                  </Link>
                }
                secondary={translate('vpo.documents.version', {
                  version: document.version,
                  language: document.language === 'ar' ? 'العربية' : 'English',
                  date: format.dateTime(document.createdAt),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ActionDialog<BodyOf<'/api/v1/orders/{id}/documents', 'post'>>
        open={generate.open}
        onClose={generate.hide}
        title={translate('vpo.documents.generate')}
        defaultValues={{ type: 'proforma-invoice', language: format.language }}
        saveLabel="vpo.documents.generate"
        submit={(values) => dataProvider.generateDocument(order.id, values)}
        success={translate('vpo.documents.generated')}
        onError={onConflict}
      >
        <SelectInput
          source="type"
          label="vpo.documents.type"
          choices={DOCUMENT_TYPES.map((type) => ({ id: type, name: translate(`vpo.documents.types.${type}`) }))}
          fullWidth
        />
        <SelectInput
          source="language"
          label="vpo.documents.language"
          choices={[
            { id: 'en', name: 'English' },
            { id: 'ar', name: 'العربية' },
          ]}
          fullWidth
        />
      </ActionDialog>
    </Panel>
  );
}
