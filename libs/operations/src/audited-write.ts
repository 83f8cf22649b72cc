import { randomUUID } from 'node:crypto';
import { describeError, safeLog, throwIfAborted, type Logger } from '@washops/client-core';
import type { WriteStep } from '@washops/backoffice-client';
import { toPublicError, toWashOpsError, type WashOpsError } from '@washops/shared-errors';
import type { AuditOutcome, AuditSteps, AuditTarget, Store } from '@washops/store';
import type { Actor } from './actor.js';
import type { AuditOperation } from './audit-rules.js';

/** A pino-like logger: `info`/`warn`/`error(obj, msg)`; `child` is used when it has one. */
export interface OperationsLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child?(bindings: Record<string, unknown>): OperationsLogger;
}

/** The code and message an event records when the caller aborted the write. */
export const ABORTED_CODE = 'ABORTED';
export const ABORTED_MESSAGE = 'The caller stopped the write before it ended; what the steps show as done was done.';

export interface WriteDeps {
  store: Store;
  actor: Actor;
  logger: OperationsLogger | undefined;
}

export interface AuditedWrite<T> {
  operation: AuditOperation;
  /** What is known of the target before any request. */
  target: AuditTarget;
  /** The input with its secrets already replaced by markers (`recordedInput`). */
  input: Record<string, unknown>;
  signal?: AbortSignal | undefined;
  /** Makes the write; `onStep` records each verified step on the event. */
  run(onStep: (step: WriteStep) => Promise<void>): Promise<T>;
  /** The result as the event records it: never a PIN or a password. */
  outcome(result: T): { summary: Record<string, unknown>; target?: AuditTarget };
}

type Log = (level: 'info' | 'warn' | 'error', entry: Record<string, unknown>, msg: string) => void;

/** Every line of one write carries its correlation id: a pino child when the logger has `child`, else a field. */
function correlatedLog(logger: OperationsLogger | undefined, correlationId: string): Log {
  let target = logger;
  let bound: Record<string, unknown> = { correlationId };
  if (logger && typeof logger.child === 'function') {
    try {
      target = logger.child({ correlationId });
      bound = {};
    } catch {
      // A logger whose child fails still gets the id as a field.
    }
  }
  return (level, entry, msg) => safeLog(target as Logger | undefined, level, { ...bound, ...entry }, msg);
}

/**
 * A copy of the error with `details.correlationId`: same class, message, status, cause and fields
 * (a copy, because the client's error objects may be shared by its caches and single flights).
 */
export function withCorrelationId<E extends WashOpsError>(error: E, correlationId: string): E {
  const copy = Object.create(Object.getPrototypeOf(error) as object, Object.getOwnPropertyDescriptors(error)) as E;
  Object.defineProperty(copy, 'details', { value: { ...error.details, correlationId }, enumerable: true, writable: true, configurable: true });
  return copy;
}

const stringList = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;

/**
 * The steps of a failed write: the error's own sorting when it has one (partial failures), else the
 * last step reported; a write whose answer could not be verified lists its next step as unverified.
 */
function stepsOfFailure(error: WashOpsError, last: WriteStep | undefined): AuditSteps | undefined {
  const done = stringList(error.details['completedSteps']);
  const unverified = stringList(error.details['unverifiedSteps']);
  const remaining = stringList(error.details['remainingSteps']);
  if (done || unverified || remaining) return { done: done ?? last?.done ?? [], unverified: unverified ?? [], remaining: remaining ?? [] };
  if (!last) return undefined;
  if (error.details['verified'] === false && error.details['applied'] !== false) {
    return { done: last.done, unverified: last.remaining.slice(0, 1), remaining: last.remaining.slice(1) };
  }
  return { done: last.done, unverified: [], remaining: last.remaining };
}

/** Partial when a step was done or may have been (a lost or unreadable answer); `applied: false` says it was not. */
function endStateOf(error: WashOpsError, steps: AuditSteps | undefined): 'failed' | 'partial' {
  if (steps && (steps.done.length > 0 || steps.unverified.length > 0)) return 'partial';
  return error.details['verified'] === false && error.details['applied'] !== false ? 'partial' : 'failed';
}

function targetOfStep(step: WriteStep): AuditTarget | undefined {
  const target: AuditTarget = {};
  if (step.employeeId !== undefined) target.employeeId = step.employeeId;
  if (step.posUserId !== undefined) target.posUserId = step.posUserId;
  return Object.keys(target).length > 0 ? target : undefined;
}

function targetOfError(error: WashOpsError): AuditTarget | undefined {
  const employeeId = error.details['employeeId'];
  return typeof employeeId === 'number' && Number.isInteger(employeeId) ? { employeeId } : undefined;
}

/**
 * One audited write: `start` (refused: nothing is sent) → the write, each verified step recorded →
 * one `finish`. The event's finish failing never turns a write that happened into an error: it is
 * logged and the event stays `started`, which the portal shows as needing attention.
 */
export async function auditedWrite<T>(deps: WriteDeps, write: AuditedWrite<T>): Promise<T> {
  throwIfAborted(write.signal);
  const correlationId = randomUUID();
  const log = correlatedLog(deps.logger, correlationId);
  const about = { operation: write.operation, actor: deps.actor.name, channel: deps.actor.channel };
  let eventId: string;
  try {
    const event = await deps.store.audit.start({ correlationId, ...about, target: write.target, input: write.input });
    eventId = event.id;
  } catch (error) {
    const typed = toWashOpsError(error);
    log('error', { ...about, error: describeError(typed) }, 'audit event could not be recorded; the write was not sent');
    throw withCorrelationId(typed, correlationId);
  }
  log('info', { ...about, eventId, target: write.target }, 'write started');

  let last: WriteStep | undefined;
  const onStep = async (step: WriteStep): Promise<void> => {
    last = step;
    const target = targetOfStep(step);
    try {
      await deps.store.audit.progress(eventId, { ...(target ? { target } : {}), steps: { done: step.done, unverified: [], remaining: step.remaining } });
    } catch (error) {
      log('warn', { eventId, step: step.step, error: describeError(error) }, 'audit progress could not be recorded; the write goes on');
    }
  };
  const finish = async (state: 'succeeded' | 'failed' | 'partial', outcome: AuditOutcome, steps?: AuditSteps, target?: AuditTarget) => {
    try {
      await deps.store.audit.finish(eventId, { state, outcome, ...(steps ? { steps } : {}), ...(target ? { target } : {}) });
    } catch (error) {
      log('error', { eventId, state, error: describeError(error) }, 'audit event could not be finished; it stays started and needs attention');
    }
  };

  let result: T;
  try {
    result = await write.run(onStep);
  } catch (error) {
    if (write.signal?.aborted) {
      const steps = last ? { done: last.done, unverified: [], remaining: last.remaining } : undefined;
      await finish(steps && steps.done.length > 0 ? 'partial' : 'failed', { code: ABORTED_CODE, message: ABORTED_MESSAGE }, steps);
      log('warn', { eventId, steps }, 'write aborted by its caller');
      throw write.signal.reason;
    }
    const typed = toWashOpsError(error);
    const steps = stepsOfFailure(typed, last);
    const state = endStateOf(typed, steps);
    const { code, message } = toPublicError(typed);
    await finish(state, { code, message }, steps, targetOfError(typed));
    log(state === 'partial' ? 'error' : 'warn', { eventId, state, code, error: describeError(typed), steps }, `write ${state}`);
    throw withCorrelationId(typed, correlationId);
  }
  const { summary, target } = write.outcome(result);
  await finish('succeeded', { summary }, last ? { done: last.done, unverified: [], remaining: last.remaining } : undefined, target);
  log('info', { eventId }, 'write succeeded');
  return result;
}
