import { Alert, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { apiErrorOf } from '../api/client.js';
import type { ImportCheck } from '../api/types.js';
import { useCountry } from './countries.js';

type Reason = ImportCheck['reasons'][number];

/** A reason or an unchecked rule: the rule in the person's words, then the API's sentence and source as it wrote them. */
function Reasons({
  reasons,
  label,
}: {
  reasons: Array<Pick<Reason, 'rule' | 'message'> & { source?: string }>;
  label: string;
}) {
  const translate = useTranslate();
  return (
    <List dense aria-label={label} disablePadding>
      {reasons.map((reason) => (
        <ListItem key={`${reason.rule}:${reason.message}`} disableGutters>
          <ListItemText
            primary={
              <>
                <strong>{translate(`vpo.importRules.rule.${reason.rule}`, { _: reason.rule })}</strong>
                {': '}
                <bdi>{reason.message}</bdi>
              </>
            }
            secondary={
              reason.source ? (
                <bdi>{translate('vpo.importRules.check.source', { source: reason.source })}</bdi>
              ) : undefined
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography component="h3" variant="subtitle2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A car judged against a destination's import rules, as the API judged it: allowed or refused
 * with each reason and its source, what the buyer and the exporter will need, and what could not
 * be checked. Nothing here decides anything.
 */
export function ImportCheckView({ check }: { check: ImportCheck }) {
  const translate = useTranslate();
  const country = useCountry()(check.country);
  const t = (key: string, options?: object) => translate(`vpo.importRules.check.${key}`, options);
  return (
    <Box>
      <Alert severity={!check.ruled ? 'info' : check.allowed ? 'success' : 'error'} role="status" sx={{ mb: 1 }}>
        {!check.ruled
          ? t('notRuled', { country })
          : check.allowed
            ? t('allowed', { country })
            : t('refused', { country })}
      </Alert>
      {check.reasons.length > 0 && (
        <Part title={t('reasons')}>
          <Reasons reasons={check.reasons} label={t('reasons')} />
        </Part>
      )}
      {check.unchecked.length > 0 && (
        <Part title={t('unchecked')}>
          <Reasons reasons={check.unchecked} label={t('unchecked')} />
        </Part>
      )}
      {check.documents.length > 0 && (
        <Part title={t('documents')}>
          <List dense disablePadding aria-label={t('documents')}>
            {check.documents.map((document) => (
              <ListItem key={document} disableGutters>
                <ListItemText primary={<bdi>{document}</bdi>} />
              </ListItem>
            ))}
          </List>
        </Part>
      )}
      {check.permits.length > 0 && (
        <Part title={t('permits')}>
          <List dense disablePadding aria-label={t('permits')}>
            {check.permits.map((permit) => (
              <ListItem key={permit.name} disableGutters>
                <ListItemText
                  primary={
                    <>
                      <bdi>{permit.name}</bdi>
                      {permit.engineOverCc !== undefined &&
                        ` (${translate('vpo.importRules.permitOver', { cc: permit.engineOverCc })})`}
                    </>
                  }
                  secondary={permit.note ? <bdi>{permit.note}</bdi> : undefined}
                />
              </ListItem>
            ))}
          </List>
        </Part>
      )}
    </Box>
  );
}

/** A 409 IMPORT_RESTRICTED: the destination and its reasons (details: rule, message, source). */
export function importRefusalOf(error: unknown): { country: string; reasons: Reason[] } | undefined {
  const apiError = apiErrorOf(error);
  if (apiError?.code !== 'IMPORT_RESTRICTED') return undefined;
  const reasons = (apiError.details ?? []).map((detail) => ({
    rule: String(detail.rule ?? '') as Reason['rule'],
    message: detail.message,
    source: typeof detail.source === 'string' ? detail.source : '',
  }));
  // The API's headline starts with the country it checked ("KW does not take this car: ...").
  const country = /^([A-Z]{2})\b/.exec(apiError.error)?.[1] ?? '';
  return { country, reasons };
}

/** A refused destination, readably: which country, each reason with its source, and that an admin may override. */
export function ImportRefusal({ refusal }: { refusal: { country: string; reasons: Reason[] } }) {
  const translate = useTranslate();
  const country = useCountry()(refusal.country);
  return (
    <Alert severity="error" role="alert" sx={{ my: 1 }}>
      <strong>{translate('vpo.importRules.restricted', { country })}</strong>
      <Reasons reasons={refusal.reasons} label={translate('vpo.importRules.check.reasons')} />
      <Typography variant="body2">{translate('vpo.importRules.restrictedHelp')}</Typography>
    </Alert>
  );
}
