import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { z } from 'zod';
import { localDay } from '../schemas/warehouse.js';
import { comparePeriods } from '../tools/compare-periods.js';
import { kpiSummary } from '../tools/kpi-summary.js';
import { laborReport } from '../tools/labor-report.js';
import { membershipChurn } from '../tools/membership-churn.js';
import { mixReport } from '../tools/mix-report.js';
import { salesReport } from '../tools/sales-report.js';
import { syncStatus } from '../tools/sync-status.js';
import { definePrompt, isoWeekOf, scopeWords, toolName } from './prompt.js';

export const weeklySiteReview = definePrompt({
  name: 'weekly_site_review',
  title: 'Weekly review of a site or region',
  description:
    "Drafts the weekly review of one site, one region or the chain: checks the week is synced, pulls the operator's numbers, the sales and mix reports and the comparison with the week before, and writes the review.",
  uses: [syncStatus, kpiSummary, comparePeriods, salesReport, mixReport, laborReport, membershipChurn],
  args: (names) => ({
    site: completable(z.string().optional().describe('A site code; or give region; neither: the whole chain'), names.siteCodes),
    region: completable(z.string().optional().describe('A Back Office region, instead of a site'), names.regions),
    week: localDay.describe('Any day of the week to review, YYYY-MM-DD (the ISO week, Monday to Sunday, holding it)'),
  }),
  text: (a) => {
    const { from, to } = isoWeekOf(a.week);
    const scope = scopeWords(a);
    return [
      `Write the weekly review of ${scope.words} for the week ${from} to ${to} (Monday to Sunday, each site's local days).`,
      `Use from: "${from}", to: "${to}" and ${scope.toolArgs} in every call.`,
      '',
      'Steps:',
      `1. ${toolName(syncStatus)} for the week: if some site-days are not synced, say which and whether to go on with a partial answer (allowPartial: true) before drafting.`,
      `2. ${toolName(kpiSummary)} grouped by day: cars, member mix, sales, average ticket, new memberships and conversion, labor % of sales.`,
      `3. ${toolName(comparePeriods)} against the week before; ${toolName(salesReport)} and ${toolName(mixReport)} grouped by site for what sold.`,
      `4. ${toolName(laborReport)} for hours and cost; ${toolName(membershipChurn)} for the month so far when memberships moved.`,
      '5. Draft the review: a headline (three numbers that matter, with their change), what went well, what to look at, and the questions for the site manager. Quote the tools\' figures as they are; say when an answer was partial.',
    ].join('\n');
  },
});
