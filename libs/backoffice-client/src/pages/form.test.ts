import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { serializeForm } from './form.js';

function pairs(formHtml: string): Array<[string, string]> {
  const $ = load(`<html><body>${formHtml}</body></html>`);
  return serializeForm($, $('form').first());
}

describe('serializeForm', () => {
  it('does what a browser does with controls', () => {
    expect(
      pairs(`<form>
        <input name="text" value="a b">
        <input name="noValue">
        <input name="date" data-value="04/13/2026">
        <input name="disabled" value="x" disabled>
        <input type="checkbox" name="box" value="1" checked>
        <input type="checkbox" name="unchecked" value="1">
        <input type="checkbox" name="bare" checked>
        <input type="radio" name="r" value="a"><input type="radio" name="r" value="b" checked>
        <input type="submit" name="go" value="Save"><input type="image" name="img"><input type="file" name="f"><input type="reset" name="rs">
        <button name="btn" value="1">Save</button>
        <input value="nameless">
        <select name="single"><option value="">--</option><option value="2" selected>Two</option></select>
        <select name="none"><option value="first">1</option><option value="second">2</option></select>
        <select name="noneDisabledFirst"><option value="a" disabled>a</option><option value="b">b</option></select>
        <select name="multi" multiple><option value="1" selected>1</option><option value="2">2</option><option selected>three</option></select>
        <select name="multiNone" multiple><option value="1">1</option></select>
        <textarea name="notes">line one
line two</textarea>
        <fieldset disabled><input name="inFieldset" value="x"><legend><input name="inLegend" value="y"></legend></fieldset>
      </form>`),
    ).toEqual([
      ['text', 'a b'],
      ['noValue', ''],
      ['date', '04/13/2026'],
      ['box', '1'],
      ['bare', 'on'],
      ['r', 'b'],
      ['single', '2'],
      ['none', 'first'],
      ['noneDisabledFirst', 'b'],
      ['multi', '1'],
      ['multi', 'three'],
      ['notes', 'line one\nline two'],
      ['inLegend', 'y'],
    ]);
  });
});
