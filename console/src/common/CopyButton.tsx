import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** Copies a text to the clipboard, and says "Copied" once it is there (until the text changes). */
export function CopyButton({ text }: { text: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState<string>();
  return (
    <Button
      size="small"
      onClick={() =>
        navigator.clipboard?.writeText(text).then(
          () => setCopied(text),
          () => setCopied(undefined),
        )
      }
    >
      {copied === text ? translate('vpo.common.copied') : translate('vpo.common.copy')}
    </Button>
  );
}
