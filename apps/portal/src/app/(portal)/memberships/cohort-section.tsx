'use client';

import type { CohortPoint } from '@washops/operations';
import { useId, useState } from 'react';
import { SelectField } from '../../../components/field';
import { HEAT_STEPS } from '../reports/chart-data';
import { countText, percentText } from '../reports/format';
import { ReportTableView } from '../reports/report-table';
import { cohortTableOf } from './chart-data';
import { cohortGridOf, monthLabel, offsetLabel, plansOf, shareStep, type CohortGrid } from './cohort-grid';

const CAPTION = 'Share of each month’s new members still active, by months since joining';

/**
 * The cohort grid as a heat map: a real table whose cells print their share, the colour only repeats it
 * (every step's text reads at 4.5:1 or more). A month past the range's end is left empty.
 */
function CohortHeatmap({ grid }: { grid: CohortGrid }) {
  return (
    <div className="table-wrap heatmap" tabIndex={0} role="region" aria-label={`${CAPTION}, heat map`} data-testid="cohort-heatmap">
      <table>
        <caption className="visually-hidden">{CAPTION}</caption>
        <thead>
          <tr>
            <th scope="col">Joined</th>
            <th scope="col" className="numeric">
              Members
            </th>
            {grid.offsets.map((offset) => (
              <th key={offset} scope="col" className="numeric">
                {offsetLabel(offset)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.joinMonth}>
              <th scope="row">{monthLabel(row.joinMonth)}</th>
              <td className="numeric">{countText(row.members)}</td>
              {row.cells.map((cell, offset) => {
                if (!cell) return <td key={offset} />;
                const step = HEAT_STEPS[shareStep(cell.share)] ?? HEAT_STEPS[0];
                return (
                  <td key={offset} className="numeric heat-cell" style={{ background: step?.background, color: step?.text }} title={`${countText(cell.active)} active at the end of ${monthLabel(cell.month)}`}>
                    {cell.share === null ? '—' : percentText(cell.share)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The cohort grid: a plan filter, the heat map, and the same grid as a plain table a click away. */
export function CohortSection({ cohorts, plan, onPlan }: { cohorts: readonly CohortPoint[]; plan: string; onPlan: (plan: string) => void }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const grid = cohortGridOf(cohorts, plan);
  const plans = plansOf(cohorts);
  // A plan named by the URL but absent from this range stays choosable, so the select shows what is applied.
  const options = plan && !plans.includes(plan) ? [plan, ...plans] : plans;
  return (
    <section className="card report" aria-labelledby="cohorts-heading" data-testid="cohorts">
      <div className="report-head">
        <h2 id="cohorts-heading">Cohorts</h2>
        <div className="report-actions">
          <button type="button" className="button button-small" aria-pressed={showTable}
            aria-controls={grid.rows.length > 0 ? tableId : undefined}
            onClick={() => setShowTable(!showTable)}
            disabled={grid.rows.length === 0}
          >
            Show as table<span className="visually-hidden"> of the cohorts</span>
          </button>
        </div>
      </div>
      <p className="report-summary">Members by the month they joined, and the share of them still active at the end of each month since.</p>
      <div className="filter-grid no-print">
        <SelectField label="Plan" value={plan} onChange={(e) => onPlan(e.target.value)}>
          <option value="">Every plan, combined</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      {grid.rows.length === 0 ? (
        <div className="table-wrap empty">{plan ? `No member of ${plan} joined in this range.` : 'No member joined in this range.'}</div>
      ) : (
        <>
          <div className="report-chart" hidden={showTable}>
            <CohortHeatmap grid={grid} />
          </div>
          <div id={tableId} className="report-table-slot" hidden={!showTable} data-testid="cohort-table">
            <ReportTableView table={cohortTableOf(grid)} caption={CAPTION} />
          </div>
        </>
      )}
    </section>
  );
}
