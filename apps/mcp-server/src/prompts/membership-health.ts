import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { z } from 'zod';
import { cohortRetention } from '../tools/cohort-retention.js';
import { kpiSummary } from '../tools/kpi-summary.js';
import { membershipChurn } from '../tools/membership-churn.js';
import { membershipReport } from '../tools/membership-report.js';
import { definePrompt, isoMonth, scopeWords, toolName } from './prompt.js';

export const membershipHealth = definePrompt({
  name: 'membership_health',
  title: 'Membership health check',
  description:
    'Assesses the membership program of a site, a region or the chain over recent months: sign-ups and conversion, churn split voluntary and involuntary, retention by cohort, and what to act on.',
  uses: [kpiSummary, membershipChurn, cohortRetention, membershipReport],
  args: (names) => ({
    site: completable(z.string().optional().describe('A site code; or give region; neither: the whole chain'), names.siteCodes),
    region: completable(z.string().optional().describe('A Back Office region, instead of a site'), names.regions),
    from: isoMonth.optional().describe('First month, YYYY-MM (default: six months back)'),
    to: isoMonth.optional().describe('Last month, YYYY-MM (default: the last whole month)'),
  }),
  text: (a) => {
    const scope = scopeWords(a);
    const range = a.from || a.to ? `from ${a.from ?? 'six months before the end'} to ${a.to ?? 'the last whole month'}` : 'over the last six whole months';
    return [
      `Check the health of the membership program of ${scope.words} ${range} (use ${scope.toolArgs}).`,
      '',
      'Steps:',
      `1. ${toolName(kpiSummary)} grouped by month: new memberships, conversion (new memberships ÷ eligible washes), member mix, membership revenue.`,
      `2. ${toolName(membershipChurn)}: churn per month split voluntary and involuntary, and retention. Involuntary churn (declined cards) is fixed differently from voluntary.`,
      `3. ${toolName(cohortRetention)}: how each month's sign-ups hold up; ${toolName(membershipReport)} for plan sales and redemptions.`,
      '4. Summarize: the trend in one sentence, the months or plans that stand out, and two or three things to act on. Say when an answer covers only part of the range.',
    ].join('\n');
  },
});
