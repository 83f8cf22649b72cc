import { describeError, safeLog, type Logger } from '@washops/client-core';
import type { FormGateway, PostedForm } from '../gateway/form-gateway.js';
import type { CreateFormInfo } from '../pages/employee-create.js';
import type { EmployeePermissionsPage } from '../pages/employee-permissions.js';
import type { EmployeeIndex, TenantCache } from '../tenant/tenant-cache.js';
import type { FormPairs } from '../transport/transport.js';

/** Reported by a write after each verified step, and once it knows which employee it is about to change. */
export interface WriteStep {
  /** The step just verified, or `resolveEmployee` when the write's target was found and nothing is sent yet. */
  step: string;
  done: string[];
  remaining: string[];
  employeeId?: number;
  posUserId?: number;
  userId?: number;
}

export type OnStep = (step: WriteStep) => void | Promise<void>;
export type OnPost = (path: string) => void;

/** What a write call adds to a read's context: its listeners and where to log one that fails. */
export interface WriteHooks {
  onStep?: OnStep | undefined;
  onPost?: OnPost | undefined;
  logger?: Logger | undefined;
}

/** Each write's steps in order, as `WriteStep` names them: what a caller records before the first request. */
export const WRITE_PLANS = {
  createEmployee: (requiresBackoffice: boolean): string[] => [
    'insertEmployee',
    'verifySites',
    'applyPermissions',
    ...(requiresBackoffice ? ['createBackofficeUser', 'applyBackofficeTemplate'] : []),
  ],
  disableEmployee: (): string[] => ['disableEmployee'],
  createBackofficeUser: (applyTemplate = true): string[] => ['createBackofficeUser', ...(applyTemplate ? ['applyBackofficeTemplate'] : [])],
  updateEmployee: (): string[] => ['updateEmployee'],
  reactivateEmployee: (): string[] => ['reactivateEmployee'],
  setWage: (): string[] => ['setWage'],
  setEmployeePermission: (): string[] => ['applyPermissions'],
  applyBackofficeTemplate: (): string[] => ['applyBackofficeTemplate'],
} as const;

/** What one operation call works with: page reads, form posts and the tenant caches, all bound to the call's signal. */
export class OperationContext {
  constructor(
    readonly forms: FormGateway,
    readonly tenant: TenantCache,
    readonly signal: AbortSignal | undefined,
    private readonly hooks: WriteHooks = {},
  ) {}

  /** Awaits the caller's listener; one that throws is logged and ignored: the write goes on. */
  async reportStep(step: WriteStep): Promise<void> {
    const { onStep, logger } = this.hooks;
    if (!onStep) return;
    try {
      await onStep({ ...step, done: [...step.done], remaining: [...step.remaining] });
    } catch (error) {
      safeLog(logger, 'warn', { step: step.step, error: describeError(error) }, 'backoffice onStep listener failed; the write goes on');
    }
  }

  getPage(path: string): Promise<string> {
    return this.forms.getPage(path, this.signal);
  }

  postForm(path: string, form: FormPairs, success: RegExp): Promise<PostedForm> {
    try {
      this.hooks.onPost?.(path);
    } catch (error) {
      safeLog(this.hooks.logger, 'warn', { path, error: describeError(error) }, 'backoffice onPost listener failed; the write goes on');
    }
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

  /** A write that changed an employee's permission only: the index's keys hold, its rows are behind. */
  afterRosterChange(): void {
    this.tenant.afterRosterChange();
  }
}
