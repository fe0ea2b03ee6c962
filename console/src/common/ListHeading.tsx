import { Typography } from '@mui/material';
import { useResourceContext, useTranslate } from 'react-admin';

/**
 * A list page's heading (h1): the resource's name, as the app bar's title says it. The app bar's
 * title is not a heading, and a page without one leaves a screen reader's person without a start.
 */
export function ListHeading({ title }: { title?: string }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  return (
    <Typography component="h1" variant="h5" sx={{ mt: 2, mb: 1 }}>
      {title ?? translate(`resources.${resource}.name`, { smart_count: 2, _: resource })}
    </Typography>
  );
}
