'use client';

import type { SyncStatusView } from '@washops/portal-api';
import { gridOf, STATE_LOOK, type UnitState } from '../../../sync/view';

/** One cell: a symbol and a word (the colour only repeats them), with the records or the error in its title. */
function Cell({ state, records, error }: { state: UnitState; records: number | null; error: string | null }) {
  const look = STATE_LOOK[state];
  const detail = state === 'done' && records !== null ? `${records.toLocaleString('en-US')} records` : state === 'failed' && error ? error : null;
  return (
    <td className={`sync-cell sync-${state}`} data-state={state} title={detail ?? undefined}>
      <span aria-hidden="true">{look.symbol}</span> {look.label}
      {state === 'done' && records !== null ? <span className="sync-records">{records.toLocaleString('en-US')}</span> : null}
    </td>
  );
}

/** The sites × days grid as a real table: a row per site, a column per day, each cell's state in words. */
export function SyncGrid({ status }: { status: SyncStatusView }) {
  const grid = gridOf(status);
  return (
    <div className="table-wrap sync-grid">
      <table data-testid="sync-grid">
        <caption>
          Site-days from {status.from} to {status.to}, each site&apos;s own local day
        </caption>
        <thead>
          <tr>
            <th scope="col">Site</th>
            {status.days.map((day) => (
              <th scope="col" key={day}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((row) => (
            <tr key={row.siteCode}>
              <th scope="row">{row.siteCode}</th>
              {row.cells.map(({ day, unit }) => (
                <Cell key={day} state={unit?.state ?? 'never'} records={unit?.records ?? null} error={unit?.error ?? null} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The states' symbols and words, once, above the grid. */
export function SyncLegend() {
  return (
    <ul className="sync-legend" aria-label="What the cells mean">
      {(Object.keys(STATE_LOOK) as UnitState[]).map((state) => (
        <li key={state} className={`sync-cell sync-${state}`}>
          <span aria-hidden="true">{STATE_LOOK[state].symbol}</span> {STATE_LOOK[state].label}
        </li>
      ))}
    </ul>
  );
}

/** Every failed site-day of the range with its error in words, so nobody has to hover a cell to read why. */
export function FailedUnits({ status }: { status: SyncStatusView }) {
  const failed = status.units.filter((unit) => unit.state === 'failed');
  if (failed.length === 0) return null;
  return (
    <div className="table-wrap">
      <table data-testid="failed-units">
        <caption>
          {failed.length === 1 ? 'One site-day failed' : `${failed.length} site-days failed`}: why, and how often it was tried
        </caption>
        <thead>
          <tr>
            <th scope="col">Site</th>
            <th scope="col">Day</th>
            <th scope="col">Tries</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {failed.map((unit) => (
            <tr key={`${unit.siteCode}|${unit.day}`}>
              <th scope="row">{unit.siteCode}</th>
              <td>{unit.day}</td>
              <td>{unit.attempts}</td>
              <td>
                {unit.errorCode ? <code>{unit.errorCode}</code> : null} {unit.error ?? 'No message was recorded.'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
