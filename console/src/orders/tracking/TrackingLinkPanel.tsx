import { Button, Link, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { OrderDetail, TrackingLink } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { ConfirmDialog } from '../../common/ConfirmDialog.js';
import { CopyButton } from '../../common/CopyButton.js';
import { When } from '../../common/format.js';
import { useAction } from '../../common/useAction.js';
import { Facts, Panel } from '../../common/Panel.js';
import type { TrackingActions } from './data.js';

/**
 * The buyer's tracking page of the order: its link (opened without a key, so it goes to the
 * buyer only), when it was issued and when it ends, as GET /orders/{id} gives them; issue a new
 * link (POST /orders/{id}/tracking-link), which ends the current one at once.
 */
export function TrackingLinkPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { can } = useMe();
  const { run, busy, dataProvider } = useAction<TrackingActions>();
  // The link just issued, shown at once, until the reloaded order carries a link other than the one it replaced.
  const [issued, setIssued] = useState<{ replaced: string | undefined; link: TrackingLink }>();
  const link = issued && order.trackingLink?.url === issued.replaced ? issued.link : order.trackingLink;

  const [asking, setAsking] = useState(false);

  const replace = async () => {
    const replaced = order.trackingLink?.url;
    await run(() => dataProvider.replaceTrackingLink(order.id), {
      success: translate('vpo.tracking.replaced'),
      onSuccess: (fresh) => setIssued({ replaced, link: fresh }),
    });
    setAsking(false);
  };

  return (
    <Panel
      title={translate('vpo.tracking.title')}
      actions={
        can('POST /api/v1/orders/{id}/tracking-link') && (
          // Asked first only when the order has a link to end: an order without one loses nothing.
          <Button variant="outlined" disabled={busy} onClick={() => (link ? setAsking(true) : void replace())}>
            {translate('vpo.tracking.replace')}
          </Button>
        )
      }
    >
      {link ? (
        <Facts
          items={[
            [
              translate('vpo.tracking.link'),
              <Stack key="link" direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                {/* An address reads left to right in Arabic too. */}
                <Link href={link.url} target="_blank" rel="noreferrer" dir="ltr" sx={{ wordBreak: 'break-all' }}>
                  {link.url}
                </Link>
                <CopyButton text={link.url} />
              </Stack>,
            ],
            [translate('vpo.tracking.issuedAt'), <When key="issued" iso={link.issuedAt} />],
            ...(link.endsAt
              ? [[translate('vpo.tracking.endsAt'), <When key="ends" iso={link.endsAt} />] as [string, ReactNode]]
              : []),
          ]}
        />
      ) : (
        <Typography variant="body2">{translate('vpo.tracking.none')}</Typography>
      )}
      <ConfirmDialog
        open={asking}
        title="vpo.tracking.replaceTitle"
        content="vpo.tracking.replaceContent"
        confirm="vpo.tracking.replace"
        ending
        busy={busy}
        onConfirm={() => void replace()}
        onClose={() => setAsking(false)}
      />
    </Panel>
  );
}
