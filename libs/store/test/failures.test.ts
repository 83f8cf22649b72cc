import { DuplicateError, InternalError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../src/errors.js';
import { toStoreError } from '../src/failures.js';

/** A driver error as node-postgres throws it, wrapped the way Drizzle wraps it. */
const driverError = (code: string, message = 'driver says no') => Object.assign(new Error('Failed query: insert …'), { cause: Object.assign(new Error(message), { code }) });

describe('toStoreError', () => {
  it('a lost connection, a serialization failure and a deadlock are StoreUnavailableError: worth a retry', () => {
    for (const code of ['ECONNRESET', '08006', '57P01', '40001', '40P01']) expect(toStoreError(driverError(code))).toBeInstanceOf(StoreUnavailableError);
  });

  it('a unique violation is a DuplicateError; anything else an InternalError whose message carries no SQL', () => {
    expect(toStoreError(driverError('23505'))).toBeInstanceOf(DuplicateError);
    const other = toStoreError(driverError('42P01', 'relation "secret_table" does not exist'));
    expect(other).toBeInstanceOf(InternalError);
    expect(other.message).not.toMatch(/secret_table|insert/);
  });
});
