import { beforeEach, describe, expect, it } from 'vitest';
import { createBody, encodeSites, flashTexts, serializeForm, useSignedInSimulator } from './helpers.js';

describe('compensation page and update (§2.5)', () => {
  const t = useSignedInSimulator();
  let id: number;
  beforeEach(async () => {
    const res = await t.b.post('/employee/insert', createBody({ 'employee[startDate]': '07/07/2025', 'wage[regularRate]': '14.75', 'wage[overtimeRate]': '22.13' }, encodeSites(t.sim.control.sites(), [1])));
    id = Number(res.location?.split('/').pop());
  });

  const history = async () => {
    const page = await t.b.get(`/employee/compensation/${id}`);
    return page.$('table.table-employee-compensation-history tbody tr')
      .map((_, tr) => ({
        wage: page.$(tr).find('td.employee-compensation-col-wage').text(),
        overtime: page.$(tr).find('td.employee-compensation-col-overtime-rate').text(),
        eligible: page.$(tr).find('td.employee-compensation-col-overtime-eligible i.fa-check').length === 1,
        effective: page.$(tr).find('td.employee-compensation-col-effective-date').text(),
        end: page.$(tr).find('td.employee-compensation-col-end-date').text(),
      }))
      .get();
  };

  it('renders the add-wage form and the history, with the first record from the start date', async () => {
    const page = await t.b.get(`/employee/compensation/${id}`);
    const $ = page.$;
    expect($('h1#page-title').text()).toBe('Compensation for Robin Newhire');
    expect($('form#employee-compensation-edit-form').attr('action')).toBe('/employee/compensation/update');
    expect($('input#employee-id[name="employeeId"]').attr('value')).toBe(String(id));
    expect($('#wage-effective-date').attr('data-pickadate-min')).toBe('07/08/2025');
    expect($('select[name="wage[siteId]"] option[value!=""]').map((_, o) => $(o).text()).get()).toEqual(['FIESTA']);
    expect($('input[name="wage[overtimeRate]"]').is('[disabled]')).toBe(true);
    expect(await history()).toEqual([{ wage: '$14.75/hr', overtime: '$22.13/hr', eligible: true, effective: '07/07/2025', end: '' }]);
  });

  it('adds a record effective after the latest; the previous one gets an end date', async () => {
    const body = serializeForm((await t.b.get(`/employee/compensation/${id}`)).$, 'form#employee-compensation-edit-form').map(([k, v]): [string, string] =>
      k === 'wage[regularRate]' ? [k, '16.00'] : k === 'wage[effectiveDate]' ? [k, '08/01/2025'] : [k, v],
    );
    body.push(['wage[isOvertimeEligible]', '1'], ['wage[overtimeRate]', '24.00']);
    const res = await t.b.post('/employee/compensation/update', body);
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/employee/compensation/${id}`);
    expect(await history()).toEqual([
      { wage: '$16.00/hr', overtime: '$24.00/hr', eligible: true, effective: '08/01/2025', end: '' },
      { wage: '$14.75/hr', overtime: '$22.13/hr', eligible: true, effective: '07/07/2025', end: '07/31/2025' },
    ]);
    expect(t.sim.control.employee(id)?.wage).toMatchObject({ regularRate: '16.00', overtimeRate: '24.00', isOvertimeEligible: true });
  });

  it('stores a record without the overtime box as not eligible: the times icon and no overtime rate', async () => {
    const body = serializeForm((await t.b.get(`/employee/compensation/${id}`)).$, 'form#employee-compensation-edit-form').map(([k, v]): [string, string] =>
      k === 'wage[regularRate]' ? [k, '15.00'] : k === 'wage[effectiveDate]' ? [k, '07/08/2025'] : [k, v],
    );
    expect(body.some(([k]) => k === 'wage[isOvertimeEligible]' || k === 'wage[overtimeRate]')).toBe(false);
    await t.b.post('/employee/compensation/update', body);
    expect((await history())[0]).toEqual({ wage: '$15.00/hr', overtime: '', eligible: false, effective: '07/08/2025', end: '' });
    const page = await t.b.get(`/employee/compensation/${id}`);
    expect(page.$('table.table-employee-compensation-history tbody tr').first().find('i.fa-times').length).toBe(1);
    expect(page.$('#wage-effective-date').attr('data-pickadate-min')).toBe('07/09/2025');
  });

  it('silently ignores a wage not after the latest record', async () => {
    const res = await t.b.post('/employee/compensation/update', [['employeeId', String(id)], ['wage[effectiveDate]', '07/07/2025'], ['wage[isHourly]', '1'], ['wage[regularRate]', '20.00']]);
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/employee/compensation/${id}`);
    expect(await history()).toHaveLength(1);
    expect(t.sim.control.employee(id)?.wage.regularRate).toBe('14.75');
  });

  it('rejects a missing date or rate', async () => {
    const res = await t.b.post('/employee/compensation/update', [['employeeId', String(id)]]);
    expect(res.location).toMatch(new RegExp(`^/employee/compensation/${id}\\?actionXfer=`));
    expect(flashTexts((await t.b.get(res.location ?? '')).$).errors).toEqual(['Effective Date must be a valid date.', 'Effective Hourly Rate must be a number which is no less than 0.']);
  });
});
