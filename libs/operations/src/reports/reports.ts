import type { Reports, ReportsDeps, ReportTable } from './types.js';

/** The reports service shared by the portal, the MCP server and the command line (README, "Reports"). */
export function openReports(_deps: ReportsDeps): Reports {
  const notYet = (): never => {
    throw new Error('reports: not built yet');
  };
  return { run: notYet, compare: notYet };
}

/** A report's table as CSV (money in dollars, percents as fractions), as the portal downloads it and `washops report --format csv` prints it. */
export function reportCsv(_table: ReportTable): string {
  throw new Error('reports: not built yet');
}
