import { departmentsResource, permissionsResource, sitesResource } from './backoffice.js';
import { dataApiSitesResource, transactionResource } from './data-api.js';
import { employeeResource } from './employee.js';
import { numbersResource } from './numbers.js';
import type { ResourceDefinition } from './resource.js';
import { syncStatusResource } from './sync-status.js';

/** Every resource and resource template, in the order a client lists them. */
export const allResources: ResourceDefinition[] = [
  sitesResource,
  departmentsResource,
  permissionsResource,
  dataApiSitesResource,
  numbersResource,
  syncStatusResource,
  employeeResource,
  transactionResource,
];
