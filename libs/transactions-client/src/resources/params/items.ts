import { z } from 'zod';
import type { ItemDepartmentFilter } from '../types.js';

/** The request enum of `departmentName` (spelled differently from the response's department names). */
export const ITEM_DEPARTMENT_FILTERS = [
  'Wash', 'Detail', 'Service', 'Merchandise', 'Discount', 'GiftCard', 'WashBook', 'Recurring_Plan', 'Add_On',
  'Vacuum_sales', 'Prepaid_Wash', 'Prepaid_vacuum', 'food', 'beverage', 'recipe',
] as const satisfies readonly ItemDepartmentFilter[];

export const ItemListParamsSchema = z.strictObject({
  departmentName: z.enum(ITEM_DEPARTMENT_FILTERS).optional(),
});
