// The one site resolver of every channel (explorer, exports, the sync's ranges, reports, MCP) lives in operations.
export { resolveSiteCodes } from '@washops/operations/sites';
export type { DataApiSiteCodes, SiteChoice } from '@washops/operations/sites';
