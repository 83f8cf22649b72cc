import { giveRaise } from './give-raise.js';
import { investigateTransaction } from './investigate-transaction.js';
import { membershipHealth } from './membership-health.js';
import { monthEndExport } from './month-end-export.js';
import { offboardEmployee } from './offboard-employee.js';
import { onboardEmployee } from './onboard-employee.js';
import type { PromptDefinition } from './prompt.js';
import { weeklySiteReview } from './weekly-site-review.js';

/** Every prompt, in the order a client lists them. */
export const allPrompts = [onboardEmployee, offboardEmployee, giveRaise, weeklySiteReview, monthEndExport, investigateTransaction, membershipHealth] as unknown as PromptDefinition[];
