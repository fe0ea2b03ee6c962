import { DialogContentText } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { Confirm, useTranslate } from 'react-admin';

interface Props {
  open: boolean;
  /** Message keys: the question (the dialog's name) and what it means (its description). */
  title: string;
  content: string;
  /** Placeholders of both messages. */
  options?: object;
  /** The confirm button's label: the step itself ("Revoke"), never a bare "Confirm". */
  confirm: string;
  /** A step that ends something (a key, a link): its button in the error colour. */
  ending?: boolean;
  busy?: boolean;
  /** What the person chooses before confirming (a grace period), below what the step means. */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * react-admin's confirmation dialog, in place of the browser's own (which cannot be translated or
 * styled, and which some screen readers announce poorly): an alert dialog, so it is announced at
 * once, named by its question and described by what the step means. Escape or Cancel leave
 * everything as it was; both buttons wait while the step runs.
 */
export function ConfirmDialog({
  open,
  title,
  content,
  options,
  confirm,
  ending,
  busy,
  children,
  onConfirm,
  onClose,
}: Props) {
  const translate = useTranslate();
  const described = useId();
  return (
    <Confirm
      isOpen={open}
      loading={busy}
      title={title}
      titleTranslateOptions={options}
      content={
        <>
          <DialogContentText id={described}>{translate(content, options)}</DialogContentText>
          {children}
        </>
      }
      confirm={confirm}
      cancel="vpo.common.cancel"
      confirmColor={ending ? 'warning' : 'primary'}
      onConfirm={onConfirm}
      onClose={onClose}
      aria-describedby={described}
      slotProps={{ paper: { role: 'alertdialog' } }}
    />
  );
}
