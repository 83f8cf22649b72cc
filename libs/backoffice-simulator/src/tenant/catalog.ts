/**
 * Fixed catalogues of the demo tenant, as the real BackOffice shows them (reference protocol §5, §6.10):
 * departments, the POS permission schema with its page groups, the POS templates and the Back Office tokens.
 */

export interface Department {
  id: number;
  name: string;
}

/** Ids as on the real tenant; the select lists them alphabetically. */
export const DEPARTMENTS: readonly Department[] = [
  { id: 1, name: 'Cashier' },
  { id: 2, name: 'Line' },
  { id: 3, name: 'Greeter' },
  { id: 4, name: 'Management' },
];

export interface PosPermission {
  id: number;
  label: string;
  description: string;
}

export const ACTION_APPROVAL_AUTHORITY: PosPermission = {
  id: 1,
  label: 'Action Approval Authority',
  description:
    'When Granted this user has access to all POS features and can approve any Action for users requiring approval.',
};

/** Ids 1–34; id 1 here is its second appearance ("Manager Approval") inside the General group. */
export const POS_PERMISSIONS: readonly PosPermission[] = [
  { id: 1, label: 'Manager Approval', description: 'The permission to approve actions that require manager approval.' },
  { id: 2, label: 'Return Transaction', description: 'The permission to return or refund a transaction.' },
  { id: 3, label: 'Paid In', description: 'The permission to create a transaction with a paid in item.' },
  { id: 4, label: 'Paid Out', description: 'The permission to create a transaction with a paid out item.' },
  { id: 5, label: 'Open Cash Drawer', description: 'The permission to open the cash drawer.' },
  { id: 6, label: 'Tax Exempt', description: 'The permission to toggle tax exempt on transactions.' },
  { id: 7, label: 'Price Change', description: 'The permission to change item prices in a transaction.' },
  { id: 8, label: 'Comp Sale', description: 'The permission to comp a transaction.' },
  { id: 9, label: 'Prompt For Price', description: 'The permission to apply a price to selected items with no price.' },
  { id: 10, label: 'Customer Add', description: 'The permission to add a customer.' },
  { id: 11, label: 'Customer Edit', description: 'The permission to edit a customer.' },
  { id: 12, label: 'Vehicle Add', description: 'The permission to add a vehicle.' },
  { id: 13, label: 'Vehicle Edit', description: 'The permission to edit a vehicle.' },
  { id: 14, label: 'Item Add', description: 'The permission to add an item.' },
  { id: 15, label: 'Item Edit', description: 'The permission to edit an item.' },
  { id: 16, label: 'Gift Card Add', description: 'The permission to add a gift card.' },
  { id: 17, label: 'Gift Card Edit', description: 'The permission to edit a gift card.' },
  { id: 18, label: 'House Account Add', description: 'The permission to add a house account.' },
  { id: 19, label: 'House Account Edit', description: 'The permission to edit a house account.' },
  { id: 20, label: 'Wash Book Add', description: 'The permission to add a wash book.' },
  { id: 21, label: 'Wash Book Edit', description: 'The permission to edit a wash book.' },
  { id: 22, label: 'Time Clock', description: 'The permission to clock in or out employees.' },
  { id: 23, label: 'Reports', description: 'The permission to run reports.' },
  { id: 24, label: 'Back Office Internet', description: 'The permission to launch the browser with back office.' },
  { id: 25, label: 'Login', description: 'The permission to login to the main POS interface.' },
  { id: 26, label: 'Cash Drop', description: 'The permission to perform a session cashdrop on POS.' },
  { id: 27, label: 'Panel External', description: 'The permission to view the external POS panel on POS.' },
  { id: 28, label: 'Rewash Transaction', description: 'The permission to rewash a transaction.' },
  {
    id: 29,
    label: 'Rewash Transaction With Code',
    description: 'The permission to generate 1 time use code for a rewash transaction.',
  },
  { id: 30, label: 'Dollar Discount', description: 'The permission to apply a dollar discount.' },
  { id: 31, label: 'Percent discount', description: 'The permission to apply a percent discount.' },
  { id: 32, label: 'Instant Promotion', description: 'The permission to apply an instant promotion.' },
  { id: 33, label: 'Open Refund', description: 'The permission to create an open refund.' },
  {
    id: 34,
    label: 'SPS Admin',
    description: 'The permission to activate, cancel, and change tags, plans and updates credit card information.',
  },
];

export const POS_PERMISSION_IDS: readonly number[] = POS_PERMISSIONS.map((p) => p.id);

/** The collapsible groups of the permissions page, in page order (key = the id suffix the page uses). */
export const POS_PERMISSION_GROUPS: readonly { key: string; title: string; ids: number[] }[] = [
  { key: 'general', title: 'General', ids: [1, 22, 23, 24, 34] },
  { key: 'transaction', title: 'Transaction', ids: [2, 5, 6, 7, 8, 9, 28, 29] },
  { key: 'paid', title: 'Paid In & Paid Out', ids: [3, 4] },
  { key: 'customer', title: 'Customer', ids: [10, 11] },
  { key: 'vehicle', title: 'Vehicle', ids: [12, 13] },
  { key: 'item', title: 'Item', ids: [14, 15] },
  { key: 'gift_card', title: 'Gift Card', ids: [16, 17] },
  { key: 'house_account', title: 'House Account', ids: [18, 19] },
  { key: 'wash_book', title: 'Wash Book', ids: [20, 21] },
  { key: 'pos', title: 'Pos', ids: [25, 26, 27, 33] },
  { key: 'discount', title: 'Discount', ids: [30, 31, 32] },
];

export interface PosTemplate {
  id: number;
  name: string;
  grants: number[];
  overrides: number[];
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The real tenant's POS templates (id 7 absent there too). */
export const POS_TEMPLATES: readonly PosTemplate[] = [
  { id: 1, name: 'Manager', grants: range(1, 34), overrides: [] },
  {
    id: 2,
    name: 'Cashier',
    grants: range(2, 34),
    overrides: [2, 3, 4, 6, 7, 8, 9, 24, 28, 29, 30, 31, 32, 33, 34],
  },
  { id: 3, name: 'General User', grants: [22], overrides: [] },
  { id: 4, name: 'General Manager', grants: range(1, 34), overrides: [] },
  { id: 5, name: 'Assistant Manager', grants: [...range(1, 27), ...range(30, 34)], overrides: [] },
  {
    id: 6,
    name: 'Shift Leader',
    grants: [2, 4, 5, 10, 11, 12, 13, 16, 17, 18, 20, 21, 23, 25, 27, 30, 31, 32, 33, 34],
    overrides: [18, 33],
  },
  {
    id: 8,
    name: 'CSA',
    grants: [2, 4, 9, 10, 11, 12, 13, 16, 17, 18, 20, 21, 25, 27, 30, 31, 32, 33, 34],
    overrides: [4, 17, 18, 30, 31, 33],
  },
];

/** The roster's "Access" column: a template name on an exact grant-set match, else `Custom`, or `None`. */
export function accessLabel(grants: readonly number[]): string {
  if (grants.length === 0) return 'None';
  return TEMPLATE_BY_GRANTS.get(grantKey(grants)) ?? 'Custom';
}

const grantKey = (grants: readonly number[]) => [...new Set(grants)].sort((a, b) => a - b).join(',');

/** First template per grant set (Manager before General Manager, which share one). */
const TEMPLATE_BY_GRANTS = new Map<string, string>();

/** Back Office permission tokens in page index order (0–104). */
export const BO_TOKENS: readonly string[] = [
  'category.list', 'category.write', 'commission.list', 'commission.write', 'customer.list', 'customer.write',
  'district.list', 'district.write', 'ecommApi.all', 'ecommManage.all', 'employee.list', 'employee.timesheet',
  'employee.uac', 'employee.wage.all', 'employee.write', 'houseAccount.list', 'houseAccount.write', 'incident.list',
  'incident.write', 'item.addOn.list', 'item.addOn.write', 'item.detail.list', 'item.detail.write',
  'item.merchandise.list', 'item.merchandise.write', 'item.service.list', 'item.service.write', 'item.vacuum.list',
  'item.vacuum.write', 'item.wash.list', 'item.wash.write', 'loyalty.list', 'loyalty.write', 'part.alert', 'part.list',
  'part.write', 'posConfig.buttons.all', 'posConfig.receipt.all', 'prepaid.list', 'prepaid.write', 'promotion.list',
  'promotion.write', 'quivio.gamification.rewardCatalog.read', 'quivio.gamification.rewardCatalog.write',
  'quivio.gamification.rewardPoints.list', 'quivio.gamification.rewardPoints.write', 'quivio.presentation.list',
  'quivio.presentation.read', 'quivio.presentation.write', 'quivio.voiceRecording.siteSettings.read',
  'quivio.voiceRecording.siteSettings.write', 'reconciliation.daily.audit', 'reconciliation.daily.reconcile',
  'reconciliation.session.all', 'recurring.terms.agreement.read', 'recurring.terms.agreement.write', 'region.list',
  'region.write', 'report.all', 'report.currentMembershipValue', 'report.dailyComparison', 'report.employeeCommissions',
  'report.employeeTimesheets', 'report.generalLedger', 'report.generalLedgerV2', 'report.grossDailyDepartmentLaborCosts',
  'report.grossDailyLaborCosts', 'report.grossHourlyLaborCosts', 'report.hourlyComparison', 'report.lineItemSales',
  'report.monthlyComparison', 'report.netDailyDepartmentLaborCosts', 'report.netDailyLaborCosts',
  'report.netHourlyLaborCosts', 'report.overviewComparison', 'report.recurringProfitability',
  'report.recurringRedemptionRevenueShare', 'report.safTransactionSummary', 'report.salesDetail',
  'report.salesOverview', 'report.salesOverviewV2', 'siteConfig.all', 'siteConfig.emailReport.all',
  'smart_stop.event.list', 'smart_stop.event.read', 'smart_stop.event.write', 'smcc.alerts.subscribers.read',
  'smcc.alerts.subscribers.write', 'sms.marketing.list', 'sms.marketing.write', 'sms.singleCode',
  'stc.alerts.subscribers.read', 'stc.alerts.subscribers.write', 'support.webHook.all', 'support.webHook.read',
  'support.webHook.write', 'vehicle.list', 'vehicle.write', 'callcenter.user.all', 'dashboard.all', 'dataApi.all',
  'fuelPump.all', 'globalSettings.all', 'tunnel.admin.complete', 'user.all',
];

export interface BoTemplate {
  id: number;
  name: string;
  tokens: string[];
}

export const BO_TEMPLATES: readonly BoTemplate[] = [
  // The real Administrator set was never recorded; every token is the natural reading of the name.
  { id: 1, name: 'Administrator', tokens: [...BO_TOKENS] },
  {
    id: 2,
    name: 'Manager',
    tokens: [
      'user.all', 'commission.list', 'commission.write', 'customer.list', 'customer.write', 'dashboard.all',
      'promotion.list', 'promotion.write', 'employee.uac', 'employee.timesheet', 'employee.wage.all', 'employee.list',
      'employee.write', 'houseAccount.list', 'houseAccount.write', 'item.addOn.list', 'item.addOn.write',
      'item.detail.list', 'item.detail.write', 'item.merchandise.list', 'item.merchandise.write', 'item.service.list',
      'item.service.write', 'item.wash.list', 'item.wash.write', 'loyalty.list', 'loyalty.write', 'part.write',
      'part.alert', 'part.list', 'prepaid.list', 'prepaid.write', 'reconciliation.session.all',
      'reconciliation.daily.reconcile', 'report.all', 'category.list', 'category.write', 'siteConfig.emailReport.all',
      'posConfig.buttons.all', 'posConfig.receipt.all', 'vehicle.list', 'vehicle.write',
    ],
  },
  {
    id: 3,
    name: 'General User',
    tokens: [
      'commission.list', 'customer.list', 'promotion.list', 'employee.list', 'houseAccount.list', 'item.addOn.list',
      'item.detail.list', 'item.merchandise.list', 'item.service.list', 'item.wash.list', 'prepaid.list',
      'category.list', 'vehicle.list', 'vehicle.write',
    ],
  },
  {
    id: 42,
    name: 'General Manager',
    tokens: [
      'reconciliation.daily.audit', 'smart_stop.event.read', 'customer.list', 'customer.write', 'dashboard.all',
      'report.employeeCommissions', 'employee.timesheet', 'report.employeeTimesheets', 'employee.list',
      'employee.write', 'report.grossDailyLaborCosts', 'report.grossHourlyLaborCosts', 'houseAccount.list',
      'report.lineItemSales', 'report.netDailyLaborCosts', 'report.netHourlyLaborCosts', 'prepaid.list',
      'reconciliation.session.all', 'reconciliation.daily.reconcile', 'report.salesDetail', 'report.salesOverviewV2',
      'smart_stop.event.write', 'smart_stop.event.list', 'vehicle.list', 'vehicle.write',
    ],
  },
  {
    id: 43,
    name: 'Shift Leader',
    tokens: ['reconciliation.daily.audit', 'reconciliation.session.all', 'reconciliation.daily.reconcile'],
  },
];

for (const t of POS_TEMPLATES) if (!TEMPLATE_BY_GRANTS.has(grantKey(t.grants))) TEMPLATE_BY_GRANTS.set(grantKey(t.grants), t.name);
