import type { ReportTable } from '@washops/operations';
import type { KpiFigures } from '@washops/store';
import { TILE_NUMBERS } from './tile-numbers';

/** The day's numbers per site (or region): the tiles' numbers as columns, a row per group. */
export function bySiteTableOf(rows: ReadonlyArray<KpiFigures & { group: string }>): ReportTable {
  return {
    columns: [{ key: 'group', label: 'Site', kind: 'text' }, ...TILE_NUMBERS.map((tile) => ({ key: tile.key, label: tile.label, kind: tile.kind }))],
    rows: rows.map((row) => ({ group: row.group, ...Object.fromEntries(TILE_NUMBERS.map((tile) => [tile.key, tile.value(row)])) })),
  };
}
