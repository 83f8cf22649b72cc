import type { CheerioAPI } from 'cheerio';
import type { Nodes } from './page.js';

export type FormPair = [name: string, value: string];

const SKIPPED_INPUT_TYPES = new Set(['submit', 'button', 'reset', 'image', 'file']);

/**
 * The name/value pairs a browser submits for a form, in document order (README, "Forms"). One
 * addition for this server: an input without a value sends its `data-value`, where date pickers keep it.
 */
export function serializeForm($: CheerioAPI, form: Nodes): FormPair[] {
  const pairs: FormPair[] = [];
  form.find('input, select, textarea').each((_, node) => {
    const el = $(node);
    const name = el.attr('name');
    if (!name) return;
    if (isDisabled($, el)) return;
    const tag = node.tagName.toLowerCase();
    if (tag === 'textarea') {
      pairs.push([name, el.text()]);
      return;
    }
    if (tag === 'select') {
      for (const value of selectedValues($, el)) pairs.push([name, value]);
      return;
    }
    const type = (el.attr('type') ?? 'text').toLowerCase();
    if (SKIPPED_INPUT_TYPES.has(type)) return;
    if (type === 'checkbox' || type === 'radio') {
      if (el.attr('checked') !== undefined) pairs.push([name, el.attr('value') ?? 'on']);
      return;
    }
    const value = el.attr('value');
    pairs.push([name, value === undefined || value === '' ? (el.attr('data-value') ?? value ?? '') : value]);
  });
  return pairs;
}

function isDisabled($: CheerioAPI, el: Nodes): boolean {
  if (el.attr('disabled') !== undefined) return true;
  const fieldset = el.closest('fieldset[disabled]');
  if (fieldset.length === 0) return false;
  // Controls inside the first legend of a disabled fieldset stay enabled.
  const legend = fieldset.children('legend').first();
  return legend.length === 0 || el.closest(legend).length === 0;
}

function selectedValues($: CheerioAPI, select: Nodes): string[] {
  const options = select.find('option');
  const usable = (option: Nodes): boolean =>
    option.attr('disabled') === undefined && option.closest('optgroup[disabled]').length === 0;
  const valueOf = (option: Nodes): string => option.attr('value') ?? option.text();
  if (select.attr('multiple') !== undefined) {
    const values: string[] = [];
    options.each((_, node) => {
      const option = $(node);
      if (option.attr('selected') !== undefined && usable(option)) values.push(valueOf(option));
    });
    return values;
  }
  // A single select shows (and submits) its last selected option, else its first enabled one.
  let chosen: Nodes | null = null;
  options.each((_, node) => {
    const option = $(node);
    if (option.attr('selected') !== undefined) chosen = option;
  });
  if (chosen === null) {
    options.each((_, node) => {
      const option = $(node);
      if (usable(option)) {
        chosen = option;
        return false;
      }
      return undefined;
    });
  }
  const picked = chosen as Nodes | null;
  if (picked === null || !usable(picked)) return [];
  return [valueOf(picked)];
}

/** A calendar day as the forms write it, `MM/DD/YYYY`. */
export function formatFormDate(day: { year: number; month: number; day: number }): string {
  return `${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')}/${String(day.year).padStart(4, '0')}`;
}

/** Sets a field of a serialized form: the first pair with this name is replaced in place, else the pair is added. */
export function setFormField(fields: FormPair[], name: string, value: string): void {
  const at = fields.findIndex(([n]) => n === name);
  if (at >= 0) fields[at] = [name, value];
  else fields.push([name, value]);
}
