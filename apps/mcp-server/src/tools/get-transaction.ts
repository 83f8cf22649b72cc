import { TransactionIdSchema } from '@washops/transactions-client';
import { z } from 'zod';
import { transactionSchema } from '../schemas/transactions.js';
import { transactionsOf } from '../services.js';
import { defineTool } from '../tool.js';
import { formatDollars } from '@washops/client-core';

export const getTransaction = defineTool({
  name: 'get_transaction',
  area: 'transactions',
  title: 'Get one transaction',
  description:
    'Returns the full detail of one transaction: site, device, cashier and greeter, customer and plate, tenders (with card last four), ' +
    'items (department, quantity, gross, net, discount, tax) and discounts. The id is the `transId` of a list row, like "876:1001".',
  inputSchema: z.object({ transId: TransactionIdSchema.describe('Transaction id from a list tool, e.g. "876:1001"') }),
  outputSchema: z.object({ transaction: transactionSchema }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ transId }, services, { signal }) {
    return { transaction: await transactionsOf(services).get(transId, { signal }) };
  },
  render: ({ transaction: t }) =>
    [
      `${t.type} #${t.number} (${t.id}) at ${t.locationCode} on ${t.salesDeviceName}, ${t.completeDate}: ${formatDollars(t.total)}`,
      `Cashier: ${t.employeeCashier ?? '—'}; greeter: ${t.employeeGreeter ?? '—'}; customer: ${t.customerName ?? '—'}; plate: ${t.vehicleLicensePlate ?? '—'}`,
      'Items: ' + (t.items.map((i) => `${i.quantity}× ${i.name} (${i.department}) ${formatDollars(i.net)}${i.isVoided ? ' voided' : ''}`).join('; ') || 'none'),
      'Tenders: ' + (t.tenders.map((x) => `${x.tender}${x.tenderSubType ? `/${x.tenderSubType}` : ''} ${formatDollars(x.total)}${x.creditCardLastFour ? ` ••••${x.creditCardLastFour}` : ''}`).join('; ') || 'none'),
      'Discounts: ' + (t.discounts.map((d) => `${d.discountName} −${formatDollars(d.discountAmount)}`).join('; ') || 'none'),
    ].join('\n'),
});
