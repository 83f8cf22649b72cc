import 'server-only';
import type * as OperationsModule from '@washops/operations';

/**
 * The operations library is loaded from node_modules at run time, never bundled, like the store
 * (see `loadStore` in ./store): its entry re-exports the store's, and a bundled store cannot find
 * its migrations. Browser code takes the library's schemas through `@washops/portal-api/schemas`.
 */
export function loadOperations(): Promise<typeof OperationsModule> {
  return import(/* turbopackIgnore: true */ /* webpackIgnore: true */ '@washops/operations');
}
