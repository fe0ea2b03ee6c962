import { Box, Typography } from '@mui/material';
import { CreateButton, useResourceContext, useResourceDefinition, useTranslate } from 'react-admin';

/** An empty list in words dark enough to read (react-admin's greys fail contrast), with "create" when it exists. */
export function ListEmpty({ canCreate = true }: { canCreate?: boolean }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const { hasCreate } = useResourceDefinition();
  const name = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {translate('ra.page.empty', { name })}
      </Typography>
      {hasCreate && canCreate && <CreateButton sx={{ mt: 2 }} />}
    </Box>
  );
}
