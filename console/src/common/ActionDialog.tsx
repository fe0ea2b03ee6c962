import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { Form, SaveButton, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { apiErrorOf } from '../api/client.js';
import { fieldErrors } from '../api/error-details.js';
import { languageStore } from '../i18n/language-store.js';
import { problemWords } from '../i18n/problem-words.js';
import { headlineOf } from '../api/error-details.js';
import { describe } from './useAction.js';

interface Props<V> {
  title: string;
  open: boolean;
  onClose: () => void;
  defaultValues?: Partial<V>;
  /** The API call; its refusal's `details` go next to the inputs they name. */
  submit: (values: V) => Promise<unknown>;
  success?: string;
  /** Takes over a refusal (e.g. a version conflict); true when handled. */
  onError?: (error: unknown) => boolean;
  /**
   * Explains a refusal in the dialog, in place of the one-line message, when it returns something
   * (a document that would print blanks lists what is missing); the dialog stays open.
   */
  explain?: (error: unknown) => ReactNode | undefined;
  onDone?: (result: unknown) => void;
  children: ReactNode;
  saveLabel?: string;
}

/**
 * A refused call as a form's submission errors: each problem of an input next to it (react-hook-form
 * paths: `bank.iban`, `items.2.amount`), the rest in words for the form as a whole.
 */
export function submissionErrors(
  error: unknown,
  translate: (key: string, options?: object) => string,
  inputs?: ReadonlySet<string>,
): Record<string, unknown> {
  const apiError = apiErrorOf(error);
  if (apiError) {
    // Problems of an input show next to it; the form's own message says the rest. A problem of a
    // field the form has no input for (a move's status) goes to the form's message: left on a
    // hidden field, it would block every later try without saying why.
    const { fields, other } = fieldErrors(apiError, problemWords(languageStore.get()));
    const shown = Object.fromEntries(
      Object.entries(fields).filter(([name]) => !inputs || inputs.has(name.split('.')[0]!)),
    );
    const hiddenOrOther = Object.keys(shown).length < Object.keys(fields).length || other.length > 0;
    return {
      ...shown,
      root: {
        serverError:
          Object.keys(shown).length && !hiddenOrOther ? headlineOf(apiError, translate) : describe(error, translate),
      },
    };
  }
  return { root: { serverError: describe(error, translate) } };
}

/** A refusal that concerns no input: shown above the buttons. */
export function RootError() {
  const { errors } = useFormState();
  const root = errors.root?.serverError?.message;
  if (!root) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {String(root)}
    </Alert>
  );
}

/** A dialog with a react-admin form that makes one API call; the server's field errors show next to their inputs. */
export function ActionDialog<V extends Record<string, unknown>>({
  title,
  open,
  onClose,
  defaultValues,
  submit,
  success,
  onError,
  explain,
  onDone,
  children,
  saveLabel,
}: Props<V>) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [formKey, setFormKey] = useState(0);
  // The refusal that `explain` takes, kept (not its words) so they follow a change of language.
  const [refusal, setRefusal] = useState<{ error: unknown }>();
  const explained = refusal && explain?.(refusal.error);
  const close = () => {
    setRefusal(undefined);
    onClose();
  };

  const onSubmit = async (values: Record<string, unknown>) => {
    setRefusal(undefined);
    try {
      const result = await submit(values as V);
      if (success) notify(success, { type: 'success', messageArgs: { _: success } });
      onDone?.(result);
      close();
      setFormKey((key) => key + 1);
      refresh();
      return undefined;
    } catch (error) {
      if (onError?.(error)) {
        close();
        return undefined;
      }
      if (explain?.(error)) {
        setRefusal({ error });
        return undefined;
      }
      return submissionErrors(error, translate, new Set(Object.keys(values)));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form key={formKey} onSubmit={onSubmit} defaultValues={defaultValues as Record<string, unknown>} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {children}
          {explained ?? <RootError />}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('vpo.common.cancel')}</Button>
          <SaveButton label={saveLabel ?? 'vpo.common.save'} alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** A button that opens an ActionDialog. */
export function useDialog(): { open: boolean; show: () => void; hide: () => void } {
  const [open, setOpen] = useState(false);
  return { open, show: () => setOpen(true), hide: () => setOpen(false) };
}
