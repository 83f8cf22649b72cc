import type { KpiFigures } from '@washops/store';
import { counted, dollars, percent, rangeLabel } from '../reports/format.js';
import type { DigestContent, DigestPeriod } from './content.js';

// The digest as mail clients show it: one table, inline styles, no images, scripts or links out; every value
// escaped (site names are tenant data). The text part says the same.

export interface DigestMessage {
  subject: string;
  html: string;
  text: string;
}

/** Shown where a ratio has nothing to divide by (no cars, no sales). */
const NONE = '–';
const NOT_SYNCED = 'not synced';

interface FigureRow {
  label: string;
  /** How the README defines it, in a line. */
  definition: string;
  labor: boolean;
  value(f: KpiFigures): string;
}

const whole = (n: number) => n.toLocaleString('en-US');
const orNone = <T>(value: T | null, show: (v: T) => string) => (value === null ? NONE : show(value));

const ROWS: readonly FigureRow[] = [
  { label: 'Cars', definition: 'sales and rewashes with a wash line that is not voided', labor: false, value: (f) => whole(f.cars) },
  { label: 'Member washes', definition: 'cars washed on a membership (member redemptions)', labor: false, value: (f) => whole(f.memberCars) },
  { label: 'Retail washes', definition: 'cars that are not member, plan sign-up, prepaid or fleet washes', labor: false, value: (f) => whole(f.retailCars) },
  { label: 'Sales', definition: "every ticket's total except member redemptions', returns negative", labor: false, value: (f) => dollars(f.salesCents) },
  { label: 'Average ticket', definition: 'sales ÷ the tickets they add up', labor: false, value: (f) => orNone(f.averageTicketCents, dollars) },
  { label: 'New memberships', definition: 'tickets the point of sale marks as a new membership sale (not upgrades or switches)', labor: false, value: (f) => whole(f.newMemberships) },
  { label: 'Conversion', definition: 'new memberships ÷ eligible washes (retail washes that were not free)', labor: false, value: (f) => orNone(f.conversion, percent) },
  { label: 'Member mix', definition: 'member washes ÷ cars', labor: false, value: (f) => orNone(f.memberMix, percent) },
  { label: 'Labor hours', definition: 'regular and overtime hours of the shifts clocked in on the day, at the site', labor: true, value: (f) => f.laborHours.toLocaleString('en-US', { maximumFractionDigits: 2 }) },
  { label: 'Labor % of sales', definition: 'labor cost (hours × each shift’s rates) ÷ sales', labor: true, value: (f) => orNone(f.laborShareOfSales, percent) },
  { label: 'Labor cost per car', definition: 'labor cost ÷ cars', labor: true, value: (f) => orNone(f.laborCostPerCarCents, dollars) },
];

const ACTIVE_MEMBERS_DEFINITION = 'memberships active at the end of the local day';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
/** A header line cannot carry a line break (it would start a header of its own). */
const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').trim();

function cell(period: DigestPeriod, row: FigureRow): string {
  if (!period.figures) return NOT_SYNCED;
  if (row.labor && !period.laborSynced) return NOT_SYNCED;
  return row.value(period.figures);
}

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

export function digestSubject(content: DigestContent): string {
  const day = content.periods[0]?.figures;
  const figures = day ? `: ${counted(day.cars, 'car')}, ${dollars(day.salesCents)} sales` : ' (not synced whole)';
  return oneLine(`${content.siteName} (${content.siteCode}), ${weekday(content.day)} ${content.day}${figures}`);
}

function missingNotes(content: DigestContent): string[] {
  const notes = content.periods.filter((p) => p.missing.length > 0).map((p) => `${p.label === content.day ? 'The day' : p.label} (${rangeLabel(p)}): not synced whole — ${p.missing.join(', ')}.`);
  if (content.activeMembersMissing) notes.push(`Active members: ${content.activeMembersMissing}.`);
  return notes;
}

const TD = 'padding:6px 10px;border-bottom:1px solid #d0d7de;text-align:right;white-space:nowrap';
const TH = 'padding:6px 10px;border-bottom:1px solid #d0d7de;text-align:left;font-weight:normal';

export function renderDigest(content: DigestContent): DigestMessage {
  const subject = digestSubject(content);
  const e = escapeHtml;
  const head = content.periods.map((p) => `<th scope="col" style="${TD};font-weight:bold">${e(p.label)}<br><span style="font-weight:normal;color:#57606a">${e(rangeLabel(p))}</span></th>`).join('');
  const rows = ROWS.map((row) => `<tr><th scope="row" style="${TH}">${e(row.label)}</th>${content.periods.map((p) => `<td style="${TD}">${e(cell(p, row))}</td>`).join('')}</tr>`).join('\n');
  const members = content.activeMembers === null ? NOT_SYNCED : `${whole(content.activeMembers)} at the day's end`;
  const notes = missingNotes(content);
  const definitions = [...ROWS.map((r) => [r.label, r.definition] as const), ['Active members', ACTIVE_MEMBERS_DEFINITION] as const];
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;color:#1f2328;background:#ffffff">
<h1 style="font-size:20px;margin:0 0 4px">${e(content.siteName)} (${e(content.siteCode)})</h1>
<p style="margin:0 0 16px;color:#57606a">Daily digest for ${e(weekday(content.day))} ${e(content.day)}, the site's local day.</p>
${notes.length > 0 ? `<div style="margin:0 0 16px;padding:8px 12px;border:1px solid #9a6700;background:#fff8c5">${notes.map((n) => `<p style="margin:4px 0">${e(n)}</p>`).join('')}</div>\n` : ''}<table role="table" style="border-collapse:collapse;font-size:14px">
<thead><tr><th scope="col" style="${TH}">Figure</th>${head}</tr></thead>
<tbody>
${rows}
<tr><th scope="row" style="${TH}">Active members</th><td style="${TD}" colspan="${content.periods.length}">${e(members)}</td></tr>
</tbody></table>
<h2 style="font-size:15px;margin:20px 0 4px">What the figures mean</h2>
<dl style="margin:0;font-size:13px;color:#57606a">${definitions.map(([label, definition]) => `<dt style="font-weight:bold;color:#1f2328;margin-top:4px">${e(label)}</dt><dd style="margin:0">${e(definition)}</dd>`).join('')}</dl>
<p style="font-size:12px;color:#57606a;margin-top:16px">“${NOT_SYNCED}”: the warehouse does not hold that part whole yet, so no figure is given; “${NONE}”: nothing to divide by.</p>
</body></html>
`;
  const width = Math.max(...ROWS.map((r) => r.label.length), 'Active members'.length);
  const textRows = ROWS.map((row) => `${row.label.padEnd(width)}  ${content.periods.map((p) => cell(p, row).padStart(14)).join('')}`);
  const text = [
    `${content.siteName} (${content.siteCode})`,
    `Daily digest for ${weekday(content.day)} ${content.day}, the site's local day.`,
    '',
    ...notes,
    ...(notes.length > 0 ? [''] : []),
    `${''.padEnd(width)}  ${content.periods.map((p) => (p.key === 'day' ? 'Day' : p.label).padStart(14)).join('')}`,
    ...textRows,
    `${'Active members'.padEnd(width)}  ${members}`,
    '',
    'What the figures mean:',
    ...definitions.map(([label, definition]) => `- ${label}: ${definition}`),
    `"${NOT_SYNCED}": the warehouse does not hold that part whole yet; "${NONE}": nothing to divide by.`,
    '',
  ].join('\n');
  return { subject, html, text };
}
