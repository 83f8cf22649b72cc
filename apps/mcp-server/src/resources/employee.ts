import { getEmployee } from '../tools/get-employee.js';
import { json, toolRead, type TemplateResource } from './resource.js';
import { EMPLOYEE_URI_TEMPLATE } from './uris.js';

export const employeeResource: TemplateResource = {
  name: 'employee',
  uriTemplate: EMPLOYEE_URI_TEMPLATE,
  title: 'One employee, by POS user id',
  description:
    'One employee as get_employee reads them (profile, wage history newest first, POS permission; never the PIN), addressed by POS user id. Completion offers POS user ids by id or by name.',
  mimeType: 'application/json',
  uses: [getEmployee],
  complete: (names) => ({ posUserId: names.employeePosIds }),
  read: async ({ posUserId }, services, signal) => {
    const id = /^\d+$/.test(posUserId ?? '') ? Number(posUserId) : Number.NaN;
    return json(await toolRead(getEmployee, { posUserId: id }, services, signal));
  },
};
