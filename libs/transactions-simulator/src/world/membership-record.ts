/** A membership record whose lists (statuses, billings, modifications, tags, vehicles) are worked out when first read. */
import type { BillingRecord, MembershipRecord, ModificationRecord, StatusEvent } from './types.js';

export type Details = Pick<MembershipRecord, 'statuses' | 'billings' | 'modifications' | 'tags' | 'vehicles' | 'isOnTrial' | 'trialAmountCents'>;
export type Summary = Omit<MembershipRecord, keyof Details>;

/**
 * A membership whose lists are worked out when first read (prototype getters: listing thousands of accounts costs
 * little). `toJSON` gives every field; a spread (`{...record}`) would copy the summary fields only.
 */
export class LazyMembership implements MembershipRecord {
  readonly id: string;
  readonly customerId: string;
  readonly siteId: number;
  readonly planIndex: number;
  readonly planName: string;
  readonly priceCents: number;
  readonly signUpMs: number;
  readonly endMs: number | null;
  readonly endReason: 'voluntary' | 'involuntary' | null;
  #details: Details | undefined;
  #statuses: StatusEvent[] | undefined;
  readonly #work: () => Details;
  readonly #statusWork: () => StatusEvent[];

  /** `statusWork` gives the statuses alone, cheaper than every list (a status-change list reads nothing else). */
  constructor(summary: Summary, work: () => Details, statusWork: () => StatusEvent[]) {
    this.id = summary.id;
    this.customerId = summary.customerId;
    this.siteId = summary.siteId;
    this.planIndex = summary.planIndex;
    this.planName = summary.planName;
    this.priceCents = summary.priceCents;
    this.signUpMs = summary.signUpMs;
    this.endMs = summary.endMs;
    this.endReason = summary.endReason;
    this.#work = work;
    this.#statusWork = statusWork;
  }

  private get details(): Details {
    return (this.#details ??= this.#work());
  }
  get statuses(): StatusEvent[] {
    return this.#details?.statuses ?? (this.#statuses ??= this.#statusWork());
  }
  get billings(): BillingRecord[] {
    return this.details.billings;
  }
  get modifications(): ModificationRecord[] {
    return this.details.modifications;
  }
  get tags(): MembershipRecord['tags'] {
    return this.details.tags;
  }
  get vehicles(): MembershipRecord['vehicles'] {
    return this.details.vehicles;
  }
  get isOnTrial(): boolean {
    return this.details.isOnTrial;
  }
  get trialAmountCents(): number | null {
    return this.details.trialAmountCents;
  }

  toJSON(): MembershipRecord {
    const { id, customerId, siteId, planIndex, planName, priceCents, signUpMs, endMs, endReason } = this;
    return { id, customerId, siteId, planIndex, planName, priceCents, signUpMs, endMs, endReason, ...this.details };
  }
}
