import type { z } from 'zod';
import { kpiSummary, kpiSummaryRowSchema } from '../tools/kpi-summary.js';
import { churnMonthSchema, membershipChurn } from '../tools/membership-churn.js';
import type { FixedResource } from './resource.js';
import { NUMBERS_URI } from './uris.js';

/** A table of an answer's fields and what each means, from the schema's own descriptions: the tools' definitions, not a copy. */
function definitionTable(schema: z.ZodObject): string {
  const rows = Object.entries(schema.shape).flatMap(([name, field]) => {
    const description = (field as z.ZodType).description;
    return description ? [`| \`${name}\` | ${description.replaceAll('|', '\\|')} |`] : [];
  });
  return ['| Number | What it is |', '|---|---|', ...rows].join('\n');
}

export const numbersResource: FixedResource = {
  name: 'operators-numbers',
  uri: NUMBERS_URI,
  title: "The operator's numbers: definitions",
  description: `What each of the operator's numbers means (cars, sales, memberships, conversion, churn, labor), as ${kpiSummary.name} and ${membershipChurn.name} define them.`,
  mimeType: 'text/markdown',
  uses: [kpiSummary, membershipChurn],
  read: async () =>
    [
      "# The operator's numbers",
      '',
      `## ${kpiSummary.title} (\`${kpiSummary.name}\`)`,
      '',
      definitionTable(kpiSummaryRowSchema),
      '',
      `## ${membershipChurn.title} (\`${membershipChurn.name}\`)`,
      '',
      definitionTable(churnMonthSchema),
      '',
    ].join('\n'),
};
