import { validationError, type FieldError } from '../domain/errors.js';

/**
 * What a text field may not hold: control characters other than tab and newline (CR only before
 * LF), lone surrogates (half of a character: no valid UTF-8 carries one), and U+FFFD, which is
 * what bytes that were not UTF-8 became on their way in. Such text would go on into messages,
 * PDFs and other systems as it is.
 */
function textProblem(value: string): string | undefined {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    // A whole character beyond U+FFFF: a high surrogate, then a low one.
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i += 1;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff)
      return `must be whole characters in UTF-8: it holds half of a character (a lone surrogate) at position ${i}, e.g. ${exampleOf(value)}`;
    if (c === 0xfffd)
      return `must be sent in UTF-8: it holds U+FFFD at position ${i}, the mark of bytes that were not UTF-8, e.g. ${exampleOf(value)}`;
    if (isControl(value, i)) {
      return `must not hold control characters other than tab and newline: it holds U+${c.toString(16).toUpperCase().padStart(4, '0')} at position ${i}, e.g. ${exampleOf(value)}`;
    }
  }
  return undefined;
}

/** A control character that text may not hold: all but tab, newline, and CR just before LF. */
function isControl(value: string, i: number): boolean {
  const c = value.charCodeAt(i);
  const control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
  return control && !(c === 0x09 || c === 0x0a || (c === 0x0d && value.charCodeAt(i + 1) === 0x0a));
}

const EXAMPLE_LENGTH = 40;

/** The text as it may be sent: without the characters refused (its start, when long), quoted; a name when nothing is left. */
function exampleOf(value: string): string {
  let kept = '';
  let i = 0;
  for (; i < value.length && kept.length < EXAMPLE_LENGTH; i += 1) {
    const c = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      kept += value.slice(i, i + 2);
      i += 1;
    } else if (!(c >= 0xd800 && c <= 0xdfff) && c !== 0xfffd && !isControl(value, i)) kept += value[i];
  }
  return kept.trim() === '' ? '"Ali Hassan"' : `${JSON.stringify(kept)}${i < value.length ? ' (the start of it)' : ''}`;
}

/** Every string of a parsed body and of the query, checked; every problem at once, each naming its field. */
export function checkText(body: unknown, query: Record<string, string | undefined> | null | undefined): void {
  const problems: FieldError[] = [];
  const stack: Array<{ node: unknown; path: string }> = [{ node: body, path: 'body' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) problems.push({ field: path, message: problem });
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => {
        stack.push({ node: item, path: `${path}[${i}]` });
      });
    } else if (node !== null && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) stack.push({ node: child, path: `${path}.${key}` });
  }
  for (const [name, value] of Object.entries(query ?? {})) {
    const problem = value === undefined ? undefined : textProblem(value);
    if (problem) problems.push({ field: `query.${name}`, message: problem });
  }
  if (problems.length > 0) throw validationError(problems.sort((a, b) => a.field.localeCompare(b.field)));
}
