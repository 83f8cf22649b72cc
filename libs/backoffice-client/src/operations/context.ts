import type { FormGateway, PostedForm } from '../gateway/form-gateway.js';
import type { CreateFormInfo } from '../pages/employee-create.js';
import type { EmployeePermissionsPage } from '../pages/employee-permissions.js';
import type { EmployeeIndex, TenantCache } from '../tenant/tenant-cache.js';
import type { FormPairs } from '../transport/transport.js';

/** What one operation call works with: page reads, form posts and the tenant caches, all bound to the call's signal. */
export class OperationContext {
  constructor(
    readonly forms: FormGateway,
    readonly tenant: TenantCache,
    readonly signal: AbortSignal | undefined,
  ) {}

  getPage(path: string): Promise<string> {
    return this.forms.getPage(path, this.signal);
  }

  postForm(path: string, form: FormPairs, success: RegExp): Promise<PostedForm> {
    return this.forms.postForm(path, form, success, this.signal);
  }

  createForm(refresh = false): Promise<CreateFormInfo> {
    return this.tenant.createForm.get({ refresh, signal: this.signal });
  }

  posPermissions(refresh = false): Promise<EmployeePermissionsPage> {
    return this.tenant.posPermissions.get({ refresh, signal: this.signal });
  }

  backofficeTemplates(refresh = false): Promise<Array<{ id: number; name: string }>> {
    return this.tenant.backofficeTemplates.get({ refresh, signal: this.signal });
  }

  employeeIndex(options: { refresh?: boolean; maxAgeMs?: number } = {}): Promise<EmployeeIndex> {
    return this.tenant.index.get({ ...options, signal: this.signal });
  }

  /** Drops the employee index after a write. */
  afterWrite(): void {
    this.tenant.afterWrite();
  }
}
