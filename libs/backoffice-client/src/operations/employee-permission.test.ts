import { describe, expect, it } from 'vitest';
import type { EmployeePermissionsPage, PosTemplate } from '../pages/employee-permissions.js';
import { describeEmployeePermission } from './employee-permission.js';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// The WashU templates of the protocol reference (§5.1), id 7 absent.
const templates: PosTemplate[] = [
  { id: 1, name: 'Manager', grants: range(1, 34), overrides: [] },
  { id: 2, name: 'Cashier', grants: range(2, 34), overrides: [2, 3, 4, 6, 7, 8, 9, 24, 28, 29, 30, 31, 32, 33, 34] },
  { id: 3, name: 'General User', grants: [22], overrides: [] },
  { id: 4, name: 'General Manager', grants: range(1, 34), overrides: [] },
  { id: 6, name: 'Shift Leader', grants: [2, 4, 5, 10, 11, 12, 13, 16, 17, 18, 20, 21, 23, 25, 27, 30, 31, 32, 33, 34], overrides: [18, 33] },
];

const page = (granted: number[], overridden: number[] = []): EmployeePermissionsPage => ({
  schema: range(1, 34).map((id) => ({ id, label: `P${id}`, description: '' })),
  templates,
  granted,
  overridden,
});

describe('describeEmployeePermission', () => {
  it('names the template whose grant set equals the granted boxes', () => {
    expect(describeEmployeePermission(page([22]))).toEqual({ custom: false, templateId: 3, template: 'General User', grants: [22], overrides: [] });
  });

  it('ignores overrides when matching, and reports them as checked', () => {
    const described = describeEmployeePermission(page(range(2, 34), [5]));
    expect(described).toMatchObject({ custom: false, templateId: 2, template: 'Cashier', overrides: [5] });
  });

  it('takes the first template when two grant the same set', () => {
    expect(describeEmployeePermission(page(range(1, 34)))).toMatchObject({ templateId: 1, template: 'Manager' });
  });

  it('is custom when the granted set is a subset or superset of every template', () => {
    expect(describeEmployeePermission(page([22, 23]))).toEqual({ custom: true, templateId: null, template: 'custom', grants: [22, 23], overrides: [] });
    expect(describeEmployeePermission(page(range(3, 34)))).toMatchObject({ custom: true, templateId: null, template: 'custom' });
  });

  it('is custom when nothing is granted and no template grants nothing', () => {
    expect(describeEmployeePermission(page([]))).toMatchObject({ custom: true, template: 'custom', grants: [] });
  });

  it('matches a template that grants nothing when nothing is granted', () => {
    const empty: PosTemplate = { id: 9, name: 'No Access', grants: [], overrides: [] };
    expect(describeEmployeePermission({ ...page([]), templates: [...templates, empty] })).toMatchObject({ custom: false, templateId: 9 });
  });

  it('compares sets regardless of order and repeats', () => {
    const shuffled = [34, 2, 33, 4, 5, 10, 11, 12, 13, 16, 17, 18, 20, 21, 23, 25, 27, 30, 31, 32, 2];
    const described = describeEmployeePermission(page(shuffled, [33, 18]));
    expect(described).toMatchObject({ template: 'Shift Leader', overrides: [18, 33] });
    expect(described.grants).toEqual([2, 4, 5, 10, 11, 12, 13, 16, 17, 18, 20, 21, 23, 25, 27, 30, 31, 32, 33, 34]);
  });
});
