import type { KpiAnswer, KpiRequest, Kpis } from '@washops/operations';
import { z } from 'zod';
import { kpiCoverageLine, kpiEnvelopeOf, kpiEnvelopeShape, kpiInputSchema } from '../schemas/kpis.js';
import { kpisOf } from '../services.js';
import { defineTool } from '../tool.js';

/** Said of every tool of the operator's numbers: where they come from, the range's rules, and what to do when it is not synced. */
export const KPI_RULES =
  "Days are each site's local days, YYYY-MM-DD, at most 366 in a range; name sites by code or a BackOffice region, or none for every site. " +
  "Each number is defined once (the store's README, \"The operator's numbers\") and read from the WashOps warehouse (the database the sync fills from the Data API), " +
  'so every source the answer reads must be synced over the range: a range not wholly synced is refused, saying what is missing and how to backfill it; sync_status tells what is synced. ' +
  'Money is given in integer cents and as dollars; fractions are 0..1 (0.25 = 25 %), null where they would divide by zero. ' +
  'The text answer is a summary to quote with the coverage line (how fresh the data is); the figures are in structuredContent. ' +
  'With allowPartial a range synced only in part is answered over what is synced, marked partial.';

type Method = 'summary' | 'memberships';
type DataOf<M extends Method> = Awaited<ReturnType<Kpis[M]>> extends KpiAnswer<infer D> ? D : never;

interface KpiToolSpec<M extends Method, D extends z.ZodRawShape> {
  name: string;
  method: M;
  title: string;
  /** What the tool answers and when to use it, first in the description. */
  answers: string;
  groupByDescription: string;
  /** The tool's figures, beside the envelope (scope, coverage, partial, summary). */
  dataShape: D;
  data(data: DataOf<M>): z.input<z.ZodObject<D>>;
  /** Key figures under the summary, one line each (optional). */
  lines?(out: z.output<z.ZodObject<D>>): string[];
}

/** A read-only tool over the numbers' service: the tool picks the answer, the service validates, checks coverage, reads and summarises. */
export function kpiTool<M extends Method, D extends z.ZodRawShape>(spec: KpiToolSpec<M, D>) {
  const outputSchema = z.object({ ...kpiEnvelopeShape, ...spec.dataShape });
  return defineTool({
    name: spec.name,
    area: 'kpis',
    title: spec.title,
    description: `${spec.answers} ${KPI_RULES}`,
    inputSchema: kpiInputSchema(spec.groupByDescription),
    outputSchema,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(input, services, { signal }) {
      const kpis = kpisOf(services);
      const answer = (await kpis[spec.method](input as KpiRequest, { signal })) as KpiAnswer<DataOf<M>>;
      return { ...kpiEnvelopeOf(answer), ...spec.data(answer.data) } as z.input<typeof outputSchema>;
    },
    render: (out) => {
      const envelope = out as z.output<z.ZodObject<typeof kpiEnvelopeShape>>;
      const lines = spec.lines?.(out as z.output<z.ZodObject<D>>) ?? [];
      return [envelope.summary, ...lines, kpiCoverageLine(envelope)].join('\n');
    },
  });
}

/** Groups named one a line under the summary; the rest are in structuredContent. */
const LINES_SHOWN = 10;

/** One line per row (the first few), then the totals when there is more than one row. */
export function groupLines<R extends { group: string }>(rows: readonly R[], totals: R | null, line: (row: R) => string): string[] {
  const lines = rows.slice(0, LINES_SHOWN).map(line);
  if (rows.length > LINES_SHOWN) lines.push(`… ${rows.length - LINES_SHOWN} more in structuredContent.`);
  if (totals && rows.length > 1) lines.push(line(totals));
  return lines;
}

/** A fraction as a percentage to quote; `n/a` where it would divide by zero. */
export const percentOf = (fraction: number | null): string => (fraction === null ? 'n/a' : `${(fraction * 100).toFixed(1)} %`);
