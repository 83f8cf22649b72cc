import type { ReportKind, ReportResult } from '@washops/operations';
import { z } from 'zod';
import { coverageLine, envelopeOf, envelopeShape, reportInputSchema } from '../schemas/reports.js';
import { reportsOf } from '../services.js';
import { defineTool } from '../tool.js';

/** Said of every report: where the figures come from, the range's rules, and what to do when it is not synced. */
export const REPORT_RULES =
  "Days are each site's local days, YYYY-MM-DD, at most 366 in a range; name sites by code or a BackOffice region, or none for every site. " +
  'Read from the WashOps warehouse (the database the sync fills from the Data API), so the range must be synced there: sync_status tells whether it is, ' +
  'and a range not wholly synced is refused, saying what is missing. ' +
  "Money is given in integer cents and as dollars; revenue is the sum of the transactions' totals (returns count negative). " +
  'The text answer is a summary to quote, with the coverage line; the figures are in structuredContent.';

const PARTIAL_RULE = 'With allowPartial a range synced only in part is answered over its synced site-days, marked partial.';

interface ReportToolSpec<K extends ReportKind, D extends z.ZodRawShape> {
  name: string;
  kind: K;
  title: string;
  /** What the report answers, first in the description. */
  answers: string;
  /** The kind's figures, beside the envelope (title, scope, coverage, partial, summary). */
  dataShape: D;
  data(result: ReportResult<K>): z.input<z.ZodObject<D>>;
}

/** A read-only report tool over the reports service: the tool fixes the kind, the service validates, reads and summarises. */
export function reportTool<K extends ReportKind, D extends z.ZodRawShape>(spec: ReportToolSpec<K, D>) {
  const outputSchema = z.object({ ...envelopeShape, ...spec.dataShape });
  return defineTool({
    name: spec.name,
    area: 'reports',
    title: spec.title,
    description: `${spec.answers} ${REPORT_RULES} ${PARTIAL_RULE}`,
    inputSchema: reportInputSchema(spec.kind),
    outputSchema,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(input, services, { signal }) {
      const result = await reportsOf(services).run({ ...input, kind: spec.kind }, { signal });
      return { ...envelopeOf(result), ...spec.data(result) } as z.input<typeof outputSchema>;
    },
    render: (out) => {
      // Every report's answer holds the envelope; its own figures are in structuredContent.
      const envelope = out as z.output<z.ZodObject<typeof envelopeShape>>;
      return `${envelope.summary}\n${coverageLine(envelope)}`;
    },
  });
}
