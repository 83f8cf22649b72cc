import { describe, expect, it } from 'vitest';
import { FormBody, parseIds, parsePositiveInt } from './form.js';

describe('FormBody (PHP binding)', () => {
  const form = FormBody.parse(
    'a=1&a=2&box=0&list%5B%5D=x&list%5B%5D=y&list%5B7%5D=z&sites%5B17%5D%5BsiteId%5D=17&sites%5B18%5D%5BisAvailable%5D=18&name=J%C3%B3+Doe&deep%5Ba%5D%5Bb%5D=n',
  );
  it('keeps order and repeats, last scalar wins, missing binds empty', () => {
    expect(form.pairs[0]).toEqual(['a', '1']);
    expect(form.value('a')).toBe('2');
    expect(form.value('missing')).toBe('');
    expect(form.value('name')).toBe('Jó Doe');
  });
  it('reads a checkbox by presence whatever its value', () => {
    expect(form.has('box')).toBe(true);
    expect(form.has('nope')).toBe(false);
  });
  it('collects name[] and name[key] repeats but not deeper keys', () => {
    expect(form.list('list')).toEqual(['x', 'y', 'z']);
    expect(form.list('deep')).toEqual([]);
  });
  it('lists the keys under a prefix', () => {
    expect(form.keysUnder('sites', '[siteId]')).toEqual(['17']);
    expect(form.keysUnder('sites', '[isAvailable]')).toEqual(['18']);
  });
  it('parses whole numbers ≥ 1 only', () => {
    expect(parsePositiveInt(' 42 ')).toBe(42);
    for (const bad of ['', '0', '-1', '1.5', '1e3', 'x', '99999999999999999999']) expect(parsePositiveInt(bad)).toBeNull();
    expect(parseIds(['3', '3', 'x', '4'])).toEqual([3, 4]);
  });
});
