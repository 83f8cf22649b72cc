// The resources' addresses, apart from their reads, so the tools that refresh what a resource shows can name it.

export const SITES_URI = 'washops://backoffice/sites';
export const DEPARTMENTS_URI = 'washops://backoffice/departments';
export const PERMISSIONS_URI = 'washops://backoffice/permissions';
export const DATA_API_SITES_URI = 'washops://data-api/sites';
export const NUMBERS_URI = 'washops://numbers/definitions';
export const SYNC_STATUS_URI = 'washops://warehouse/sync-status';
export const EMPLOYEE_URI_TEMPLATE = 'washops://employees/{posUserId}';
export const TRANSACTION_URI_TEMPLATE = 'washops://transactions/{transId}';

/** One employee's resource, or none for an employee without a POS user id. */
export const employeeUris = (posUserId: number | null | undefined): string[] => (typeof posUserId === 'number' ? [`washops://employees/${posUserId}`] : []);
