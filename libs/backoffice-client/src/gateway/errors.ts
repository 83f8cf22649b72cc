import { BackofficeServerError, DuplicateError, NotFoundError, ValidationError, type WashOpsError } from '@washops/shared-errors';
import type { HttpResult } from '../transport/transport.js';

/** The one place that turns the BackOffice's answers to page reads and form posts into errors. */

/** The error for a GET answered with anything but 200. */
export function pageStatusError(path: string, status: number): WashOpsError {
  if (status === 404) return new NotFoundError(`The BackOffice has no page at ${path} (HTTP 404)`, { status: 404, details: { path } });
  return new BackofficeServerError(`GET ${path} answered HTTP ${status}`, { status, details: { path } });
}

/** A POST answered with a 5xx: the server may have done the work before failing. */
export function postServerError(path: string, result: HttpResult): WashOpsError {
  return new BackofficeServerError(`POST ${path} answered HTTP ${result.status}; it may or may not have been processed`, {
    status: result.status,
    details: { path, mayHaveBeenProcessed: true },
  });
}

/** A POST answered with a page where the success redirect belongs, and no flash to say why. */
export function postWithoutRedirectError(path: string, result: HttpResult): WashOpsError {
  return new BackofficeServerError(`POST ${path} answered HTTP ${result.status} without the expected redirect`, {
    status: result.status,
    details: { path, mayHaveBeenProcessed: true },
  });
}

/** A POST redirected somewhere that is neither its success page nor a rejection. */
export function unexpectedRedirectError(path: string, result: HttpResult, location: string): WashOpsError {
  return new BackofficeServerError(`POST ${path} redirected to an unexpected page: ${location}`, {
    status: result.status,
    details: { path, location, mayHaveBeenProcessed: true },
  });
}

const DUPLICATE = /already (exists|taken|in use|used)|must be unique|is not unique|duplicate/i;

/** Turns the server's flash messages about a refused form into the matching error. */
export function rejection(path: string, messages: string[]): WashOpsError {
  const joined = messages.map((m) => m.replace(/\s+/g, ' ').trim()).join(' ');
  const details = { path, messages };
  if (messages.length === 0) return new ValidationError(`The BackOffice rejected POST ${path} without a message`, { details });
  if (/related employee is active/i.test(joined)) {
    return new BackofficeServerError(`The BackOffice rejected the user: ${joined}`, { details });
  }
  if (DUPLICATE.test(joined)) {
    return new DuplicateError(`The BackOffice reports a duplicate: ${joined}`, { details: { ...details, field: duplicateField(messages) } });
  }
  return new ValidationError(`The BackOffice rejected the form: ${joined}`, { details });
}

/** The field a duplicate message is about, judged by the label it starts with (then anywhere in it). */
function duplicateField(messages: string[]): string | undefined {
  const labels: Array<[RegExp, string]> = [
    [/POS (Login|User) ID/i, 'posUserId'],
    [/E-?mail/i, 'email'],
    [/Phone/i, 'phone'],
    [/User ?name/i, 'username'],
  ];
  const duplicates = messages.filter((m) => DUPLICATE.test(m));
  for (const message of duplicates) {
    for (const [label, field] of labels) if (new RegExp(`^\\s*${label.source}`, 'i').test(message)) return field;
  }
  for (const message of duplicates) {
    for (const [label, field] of labels) if (label.test(message)) return field;
  }
  return undefined;
}
