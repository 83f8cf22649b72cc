import { LookupError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import type { EmployeePermissionsPage } from '../pages/employee-permissions.js';
import { resolveDepartments, resolveTemplate } from './create-employee.js';

const page = (names: string[]): EmployeePermissionsPage => ({
  schema: [{ id: 22, label: 'Time Clock', description: '' }],
  templates: names.map((name, i) => ({ id: i + 1, name, grants: [22], overrides: [] })),
  granted: [],
  overridden: [],
});

describe('template resolution', () => {
  it('matches case-insensitively without a warning', () => {
    const warnings: string[] = [];
    expect(resolveTemplate(page(['Manager', 'General User']), '  manager ', warnings).name).toBe('Manager');
    expect(warnings).toEqual([]);
  });

  it("falls back to 'General User' with a warning", () => {
    const warnings: string[] = [];
    expect(resolveTemplate(page(['Manager', 'General User']), 'Wizard', warnings).name).toBe('General User');
    expect(warnings).toEqual(["Permission template 'Wizard' was not found on this tenant; 'General User' was applied instead."]);
  });

  it('raises ValidationError listing the templates when there is no General User', () => {
    expect(() => resolveTemplate(page(['Manager', 'Cashier']), 'Wizard', [])).toThrow(ValidationError);
    expect(() => resolveTemplate(page(['Manager', 'Cashier']), 'Wizard', [])).toThrow(/Templates: Manager, Cashier/);
  });
});

describe('department resolution', () => {
  const known = [
    { id: 1, name: 'Cashier' },
    { id: 3, name: 'Greeter' },
  ];
  it('matches case-insensitively and drops repeats', () => {
    expect(resolveDepartments(known, ['greeter', 'CASHIER', 'Greeter'])).toEqual([3, 1]);
  });
  it('raises LookupError for an unknown name and ValidationError for none', () => {
    expect(() => resolveDepartments(known, ['Valet'])).toThrow(LookupError);
    expect(() => resolveDepartments(known, [])).toThrow(ValidationError);
  });
});
