import { useState } from 'react';
import { type DataProvider, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiErrorOf } from '../api/client.js';
import { headlineOf, inputName, missingRequirements } from '../api/error-details.js';
import { fieldWords } from '../i18n/field-words.js';

/**
 * Run one API action from a button: busy while it runs, a message in words when done or
 * refused (a 403 names the roles that may; a refused move names what is missing), then every
 * view reloads. onError may take over a refusal (e.g. a version conflict). `A`: the actions of the
 * folder that calls it (its data.ts), beside react-admin's methods.
 */
export function useAction<A extends object = object>() {
  const dataProvider = useDataProvider<DataProvider & A>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);

  async function run<T>(
    action: (dp: DataProvider & A) => Promise<T>,
    options: { success?: string; onError?: (error: unknown) => boolean; onSuccess?: (result: T) => void } = {},
  ): Promise<T | undefined> {
    setBusy(true);
    try {
      const result = await action(dataProvider);
      if (options.success) notify(options.success, { type: 'success', messageArgs: { _: options.success } });
      options.onSuccess?.(result);
      refresh();
      return result;
    } catch (error) {
      if (options.onError?.(error)) return undefined;
      const message = describe(error, translate);
      notify(message, { type: 'error', multiLine: true, messageArgs: { _: message } });
      refresh();
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { run, busy, dataProvider };
}

export function describe(error: unknown, translate: (key: string, options?: object) => string): string {
  const apiError = apiErrorOf(error);
  if (!apiError) return error instanceof Error ? error.message : String(error);
  if (apiError.code === 'OFFLINE') return translate('vpo.state.offline');
  if (apiError.code === 'SECOND_APPROVER_REQUIRED') return translate('vpo.billing.secondApprover');
  const missing = missingRequirements(apiError);
  // A detail that only repeats the message adds nothing; a field is named in words (no request paths).
  const details = (apiError.details ?? [])
    .filter((detail) => detail.message && detail.message !== apiError.error)
    .map((detail) => {
      const words = detail.field ? fieldWords(inputName(detail.field) ?? detail.field) : undefined;
      return words ? `${translate(words)}: ${detail.message}` : detail.message;
    });
  return [headlineOf(apiError, translate), ...(missing.length ? missing : details)].join(' — ');
}
