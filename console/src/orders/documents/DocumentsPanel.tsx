import { Alert, Button, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect } from 'react';
import { SelectInput, useGetManyReference, useGetOne, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { apiErrorOf } from '../../api/client.js';
import { DOCUMENT_TYPES } from '../../api/enums.js';
import type { BodyOf, Customer, GeneratedDocument, OrderDetail } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { ActionDialog, useDialog } from '../../common/ActionDialog.js';
import { useFormat } from '../../common/format.js';
import { MissingFields } from '../../common/MissingFields.js';
import { QueryState } from '../../common/states.js';
import { useAction } from '../../common/useAction.js';
import { type MissingField, missingFields } from '../../i18n/field-words.js';
import { useConflictHandler } from '../conflict.js';
import { documentLanguage } from './document-language.js';
import { Panel } from '../../common/Panel.js';
import type { DocumentsActions } from './data.js';

type GenerateBody = BodyOf<'/api/v1/orders/{id}/documents', 'post'>;

/**
 * Keeps the dialog's language on the document's own (documentLanguage) as the type changes or the
 * customer's language arrives, until the person picks one themselves.
 */
function LanguageOfDocument({ languageOf }: { languageOf: (type: string) => string }) {
  const type = useWatch<GenerateBody, 'type'>({ name: 'type' });
  const { setValue, getFieldState } = useFormContext<GenerateBody>();
  const wanted = languageOf(type);
  useEffect(() => {
    if (!getFieldState('language').isDirty) setValue('language', wanted as GenerateBody['language']);
  }, [wanted, getFieldState, setValue]);
  return null;
}

/**
 * A generation refused because the document would print blanks: what is missing, in words, under
 * where it is filled in; for the company profile's fields, a link to it for whoever may change it.
 */
function Refusal({ message, fields }: { message: string; fields: MissingField[] }) {
  const translate = useTranslate();
  const { can } = useMe();
  const ofProfile = fields.some((field) => field.group === 'profile');
  return (
    <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
      <Typography variant="body2">{translate('vpo.documents.refused')}</Typography>
      <MissingFields fields={fields} grouped />
      {ofProfile &&
        (can('PUT /api/v1/tenant-profile') ? (
          <Link component={RouterLink} to="/tenant-profile" sx={{ display: 'inline-block', mt: 1 }}>
            {translate('vpo.documents.fillProfile')}
          </Link>
        ) : (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('vpo.documents.askAdmin')}
          </Typography>
        ))}
      <Typography variant="caption" component="p" sx={{ mt: 1 }}>
        {translate('vpo.documents.details', { message })}
      </Typography>
    </Alert>
  );
}

/**
 * Text of the other direction inside a line (an English language name or a date in an Arabic
 * line), isolated so it neither takes the line's words with it nor splits (Unicode FSI ... PDI).
 */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** PDFs generated for the order (every version, newest first), and "generate" in English or Arabic. */
export function DocumentsPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const format = useFormat();
  const { can, me } = useMe();
  const generate = useDialog();
  // The customer's language, read when the dialog opens (not on every order page).
  const customer = useGetOne<Customer>(
    'customers',
    { id: order.customerId, meta: { detail: true } },
    { enabled: generate.open && can('GET /api/v1/customers/{id}') },
  );
  const languageOf = (type: string) =>
    documentLanguage(type, {
      invoice: order.customsInvoice?.language,
      customer: customer.data,
      tenant: me?.tenant?.defaultLanguage,
      console: format.language,
    });
  const { dataProvider } = useAction<DocumentsActions>();
  const onConflict = useConflictHandler();
  const documents = useGetManyReference<GeneratedDocument>('documents', {
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
      <QueryState query={documents}>
        {(data) => (
          <List dense aria-label={translate('vpo.documents.versions')}>
            {data.map((document) => (
              <ListItem key={document.id} disableGutters>
                <ListItemText
                  primary={
                    <Link href={document.url} target="_blank" rel="noreferrer">
                      {translate(`vpo.documents.types.${document.type}`)}
                      {/* The seller's number printed on it (CI-00042, PI-00031, #17); documents made before numbering have none. */}
                      {document.number && (
                        <>
                          {' '}
                          <bdi>{document.number}</bdi>
                        </>
                      )}{' '}
                      — {translate('vpo.common.pdf')}
                    </Link>
                  }
                  secondary={translate('vpo.documents.version', {
                    version: document.version,
                    language: isolated(document.language === 'ar' ? 'العربية' : 'English'),
                    date: isolated(format.dateTime(document.createdAt)),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
      <ActionDialog<GenerateBody>
        open={generate.open}
        onClose={generate.hide}
        title={translate('vpo.documents.generate')}
        defaultValues={{ type: 'proforma-invoice', language: languageOf('proforma-invoice') }}
        saveLabel="vpo.documents.generate"
        submit={(values) => dataProvider.generateDocument(order.id, values)}
        success={translate('vpo.documents.generated')}
        onError={onConflict}
        explain={(error) => {
          const apiError = apiErrorOf(error);
          const fields = missingFields(apiError);
          return apiError && fields ? <Refusal message={apiError.error} fields={fields} /> : undefined;
        }}
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
        <LanguageOfDocument languageOf={languageOf} />
      </ActionDialog>
    </Panel>
  );
}
