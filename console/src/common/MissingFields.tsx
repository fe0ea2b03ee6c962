import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { byGroup, type MissingField } from '../i18n/field-words.js';

/** One missing field in words, or as the API names it when the console has no words for it. */
function FieldName({ field }: { field: MissingField }) {
  const translate = useTranslate();
  return field.words ? translate(field.words) : <bdi>{field.field}</bdi>;
}

/** Missing fields as a list in words; with `grouped`, under where each is filled in (the company profile, the customs invoice...). */
export function MissingFields({ fields, grouped = false }: { fields: readonly MissingField[]; grouped?: boolean }) {
  const translate = useTranslate();
  const list = (items: readonly MissingField[]) => (
    <Box component="ul" sx={{ m: 0, ps: 3 }}>
      {items.map((field) => (
        <li key={field.field}>
          <FieldName field={field} />
        </li>
      ))}
    </Box>
  );
  if (!grouped) return list(fields);
  return (
    <>
      {byGroup(fields).map(({ group, fields: items }) => (
        <Box key={group} sx={{ mt: 1 }}>
          <Typography component="h3" variant="subtitle2">
            {translate(`vpo.documents.group.${group}`)}
          </Typography>
          {list(items)}
        </Box>
      ))}
    </>
  );
}
