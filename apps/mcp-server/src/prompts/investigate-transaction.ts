import { TransactionIdSchema } from '@washops/transactions-client';
import { z } from 'zod';
import { getTransaction } from '../tools/get-transaction.js';
import { listTransactions } from '../tools/list-transactions.js';
import { definePrompt, toolName } from './prompt.js';

export const investigateTransaction = definePrompt({
  name: 'investigate_transaction',
  title: 'Investigate a transaction',
  description:
    'Looks into one transaction a customer or manager asks about: reads it in full (items, tenders, discounts, cashier), puts it beside the transactions around it at the same site, and answers the question or says what looks wrong.',
  uses: [getTransaction, listTransactions],
  args: () => ({
    transId: TransactionIdSchema.describe('The transaction id, like "876:1001"'),
    question: z.string().optional().describe('What is asked about it, e.g. "charged twice?"'),
  }),
  text: (a) =>
    [
      `Investigate transaction ${a.transId}.${a.question ? ` The question: ${a.question}` : ''}`,
      '',
      'Steps:',
      `1. ${toolName(getTransaction)} with transId "${a.transId}": who rang it up, the items (voids, discounts), the tenders (card last four, never more).`,
      `2. ${toolName(listTransactions)} at the same site in the hour around it, to find a duplicate, a return or a rewash that belongs with it.`,
      '3. Answer in plain words: what happened, what (if anything) looks wrong, and what the site should do. Do not show the customer\'s contact details.',
    ].join('\n'),
});
