import { Box, Typography } from '@mui/material';
import { useResourceContext, useTranslate } from 'react-admin';
import { CreateAction } from './CreateAction.js';

/** An empty list in words dark enough to read (react-admin's greys fail contrast), with "create" when it exists. */
export function ListEmpty() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const name = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {translate('ra.page.empty', { name })}
      </Typography>
      <CreateAction sx={{ mt: 2 }} />
    </Box>
  );
}
