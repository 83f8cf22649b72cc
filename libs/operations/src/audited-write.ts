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
export const ABORTED_MESSAGE =
  'The caller stopped the write before it ended: the steps shown done were done, and the step in progress may or may not have been applied.';

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
  /** The vendor steps in order (the client's step names), recorded at the start: a write cut off names the step it was in. */
  plan?: readonly string[];
  signal?: AbortSignal | undefined;
  /** Makes the write; `onStep` records each verified step on the event, `onPost` notes a request that may change the tenant. */
  run(onStep: (step: WriteStep) => Promise<void>, onPost: () => void): Promise<T>;
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
 * Whether the failed request may have taken effect: its answer was lost, or its read-back could not tell
 * (the client's own rule, `isUnverified`); `applied: false` means a read showed it did not.
 */
function mayHaveBeenApplied(error: WashOpsError): boolean {
  if (error.details['applied'] === false) return false;
  return error.details['mayHaveBeenProcessed'] === true || error.details['verified'] === false;
}

/** Where a write stood: the last step it reported, else its plan with nothing done. */
function stepsSoFar(last: WriteStep | undefined, plan: readonly string[] | undefined): AuditSteps | undefined {
  if (last) return { done: last.done, unverified: [], remaining: last.remaining };
  return plan && plan.length > 0 ? { done: [], unverified: [], remaining: [...plan] } : undefined;
}

/** The next step becomes unverified: it may or may not have been applied. */
function nextUnverified(steps: AuditSteps | undefined): AuditSteps | undefined {
  if (!steps || steps.remaining.length === 0) return steps;
  return { done: steps.done, unverified: [...steps.unverified, ...steps.remaining.slice(0, 1)], remaining: steps.remaining.slice(1) };
}

/**
 * The steps of a failed write: the error's own sorting when it has one (partial failures), else where
 * the write stood; a request that may have been applied lists its step as unverified.
 */
function stepsOfFailure(error: WashOpsError, sofar: AuditSteps | undefined): AuditSteps | undefined {
  const done = stringList(error.details['completedSteps']);
  const unverified = stringList(error.details['unverifiedSteps']);
  const remaining = stringList(error.details['remainingSteps']);
  if (done || unverified || remaining) return { done: done ?? sofar?.done ?? [], unverified: unverified ?? [], remaining: remaining ?? [] };
  return mayHaveBeenApplied(error) ? nextUnverified(sofar) : sofar;
}

/** Partial when a step was done or may have been; failed when nothing was. */
function endStateOf(error: WashOpsError, steps: AuditSteps | undefined): 'failed' | 'partial' {
  if (steps && (steps.done.length > 0 || steps.unverified.length > 0)) return 'partial';
  return mayHaveBeenApplied(error) ? 'partial' : 'failed';
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
    const plan = stepsSoFar(undefined, write.plan);
    const event = await deps.store.audit.start({ correlationId, ...about, target: write.target, input: write.input, ...(plan ? { steps: plan } : {}) });
    eventId = event.id;
  } catch (error) {
    const typed = toWashOpsError(error);
    log('error', { ...about, error: describeError(typed) }, 'audit event could not be recorded; the write was not sent');
    throw withCorrelationId(typed, correlationId);
  }
  log('info', { ...about, eventId, target: write.target }, 'write started');

  let last: WriteStep | undefined;
  // Whether a POST went out after the last verified step: if the caller aborts then, that step may have been applied.
  let postedSinceStep = false;
  const onPost = (): void => {
    postedSinceStep = true;
  };
  const onStep = async (step: WriteStep): Promise<void> => {
    last = step;
    postedSinceStep = false;
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
    result = await write.run(onStep, onPost);
  } catch (error) {
    if (write.signal?.aborted) {
      // The client answers an abort with the signal's reason, not with what the request in flight did: after a
      // POST, whether the step it was in took effect is unknown, so it is recorded as unverified.
      const sofar = stepsSoFar(last, write.plan);
      const steps = postedSinceStep ? nextUnverified(sofar) : sofar;
      const touched = steps !== undefined && (steps.done.length > 0 || steps.unverified.length > 0);
      await finish(touched ? 'partial' : 'failed', { code: ABORTED_CODE, message: ABORTED_MESSAGE }, steps);
      log('warn', { eventId, steps }, 'write aborted by its caller');
      throw write.signal.reason;
    }
    const typed = toWashOpsError(error);
    const steps = stepsOfFailure(typed, stepsSoFar(last, write.plan));
    const state = endStateOf(typed, steps);
    const { code, message } = toPublicError(typed);
    await finish(state, { code, message }, steps, targetOfError(typed));
    log(state === 'partial' ? 'error' : 'warn', { eventId, state, code, error: describeError(typed), steps }, `write ${state}`);
    throw withCorrelationId(typed, correlationId);
  }
  // The write happened: a summary that cannot be made must not turn it into an error (a retry would duplicate it).
  let recorded: ReturnType<AuditedWrite<T>['outcome']>;
  try {
    recorded = write.outcome(result);
  } catch (error) {
    log('error', { eventId, error: describeError(error) }, 'the result could not be summarised; recorded without a summary');
    recorded = { summary: {} };
  }
  await finish('succeeded', { summary: recorded.summary }, stepsSoFar(last, write.plan), recorded.target);
  log('info', { eventId }, 'write succeeded');
  return result;
}
