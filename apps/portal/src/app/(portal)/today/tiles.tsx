'use client';

import type { KpiFigures } from '@washops/store';
import { useId } from 'react';
import { periodLabel } from '../reports/charts';
import { cellText, changeText, pointsText } from '../reports/format';
import { pointChange, relativeChange, sparklineRuns } from './period';
import type { TileNumber } from './tile-numbers';

const SPARK_WIDTH = 120;
const SPARK_HEIGHT = 32;

/** The week's values as a line; to assistive technology an image whose name reads every day's figure. */
function Sparkline({ label, days, values, text }: { label: string; days: string[]; values: Array<number | null>; text: (value: number | null) => string }) {
  const runs = sparklineRuns(values, SPARK_WIDTH, SPARK_HEIGHT);
  const figures = days.map((day, index) => `${periodLabel(day)} ${text(values[index] ?? null)}`).join('; ');
  return (
    <svg
      className="sparkline"
      viewBox={`-3 -3 ${SPARK_WIDTH + 6} ${SPARK_HEIGHT + 6}`}
      width={SPARK_WIDTH + 6}
      height={SPARK_HEIGHT + 6}
      role="img"
      aria-label={`${label}, the ${days.length} days to ${periodLabel(days[days.length - 1] ?? '')}: ${figures}`}
      data-testid="sparkline"
    >
      {runs.map((run, index) =>
        run.length === 1 ? (
          <circle key={index} cx={run[0]?.x} cy={run[0]?.y} r={2} />
        ) : (
          <polyline key={index} points={run.map((point) => `${point.x},${point.y}`).join(' ')} />
        ),
      )}
    </svg>
  );
}

/** The figures a tile compares the month to date with, and what they are. */
export interface TileComparison {
  /** `last year` or `the previous period`. */
  against: string;
  figures: KpiFigures;
}

/** A number's tile: the day, its week as a sparkline, the month to date and its change against the comparison. */
export function KpiTile({
  tile,
  days,
  week,
  monthToDate,
  comparison,
  partial,
}: {
  tile: TileNumber;
  days: string[];
  /** The week's figures, day by day (`undefined`: no row for that day). */
  week: Array<KpiFigures | undefined>;
  monthToDate: KpiFigures | undefined;
  comparison: TileComparison | null;
  partial: boolean;
}) {
  const headingId = useId();
  const text = (value: number | null) => cellText(value, tile.kind);
  const values = week.map((figures) => (figures ? tile.value(figures) : null));
  const current = monthToDate ? tile.value(monthToDate) : null;
  const previous = comparison ? tile.value(comparison.figures) : null;
  const change = tile.kind === 'percent' ? pointsText(pointChange(current, previous)) : changeText(relativeChange(current, previous));
  return (
    <section className="card kpi-tile" aria-labelledby={headingId} data-testid={`tile-${tile.key}`}>
      <h2 id={headingId}>{tile.label}</h2>
      <p className="kpi-value" data-testid="tile-value">
        {text(values[values.length - 1] ?? null)}
        {partial ? <span className="badge badge-warn">Partial</span> : null}
      </p>
      <Sparkline label={tile.label} days={days} values={values} text={text} />
      <dl className="kpi-facts">
        <dt>Month to date</dt>
        <dd data-testid="tile-month">{text(current)}</dd>
        {comparison ? (
          <>
            <dt>Against {comparison.against}</dt>
            <dd data-testid="tile-change">{change}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
