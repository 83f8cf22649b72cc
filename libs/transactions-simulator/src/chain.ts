/**
 * The simulated operator: regions, sites and the item catalogue. The roster is the same for every seed (so other
 * packages can rely on the site codes); the seed decides the transactions, customers and staff.
 */

export interface ChainRegion {
  code: string;
  name: string;
}

export interface ChainSite {
  siteId: number;
  code: string;
  name: string;
  timezone: string;
  region: string;
  /** Average transactions on an ordinary day (before weekday and weather factors). */
  dailyBase: number;
  /** Active memberships billed at this site (about a thirtieth renew each day). */
  members: number;
  /** Sales tax rate; washes are taxed only where `taxWashes`. */
  taxRate: number;
  taxWashes: boolean;
  /** POS devices with attendants, and unattended pay stations. */
  attendedDevices: string[];
  payStations: string[];
  /** The e-commerce site has no tunnel: only online sales. */
  virtual: boolean;
}

/**
 * The roster mirrors the BackOffice simulator's demo tenant (libs/backoffice-simulator/src/tenant/seed.ts,
 * `hierarchicalTree()`): on a real tenant the BackOffice and the Data API share one chain, so the same short codes,
 * long names and regions appear in both. Simulators may not import each other, hence this copy; keep them in step.
 * `siteID` is 1000 + the BackOffice site id. Region codes come from the region names. Every site is on Central time
 * (Illinois; Lake and Porter counties in Indiana; the "Wash 3xxxx" sites are middle/west Tennessee ZIP codes).
 */
export const REGIONS: readonly ChainRegion[] = [
  { code: 'GLOBAL', name: 'Global Region' },
  { code: 'ILLINOIS', name: 'WashU Illinois' },
  { code: 'INDIANA', name: 'WashU Indiana' },
];

const CENTRAL = 'America/Chicago';
const IL_TAX = 0.0825;
const IN_TAX = 0.07;
const TN_TAX = 0.0975;

export const SITES: readonly ChainSite[] = [
  site(1001, 'FIESTA', 'WashU Fiesta', 'ILLINOIS', 1500, 2600, IL_TAX, false),
  site(1002, 'CENT', 'WashU Centennial', 'ILLINOIS', 1700, 2900, IL_TAX, false),
  site(1004, 'NILES', 'WashU Niles', 'ILLINOIS', 2500, 4800, 0.0975, false),
  site(1005, 'VILLAP', 'WashU Villa Park', 'ILLINOIS', 1600, 2800, IL_TAX, false),
  site(1006, 'DESPLN', 'WashU Des Plaines', 'ILLINOIS', 1900, 3400, 0.1, false),
  site(1007, 'NAPER', 'WashU Naperville', 'ILLINOIS', 2600, 5200, 0.0775, false),
  site(1008, 'CAROL', 'WashU Carol Stream', 'ILLINOIS', 1400, 2500, IL_TAX, false),
  site(1009, 'WHEAT', 'WashU Wheaton', 'ILLINOIS', 1500, 2700, IL_TAX, false),
  site(1010, 'JOLIET', 'WashU Joliet', 'ILLINOIS', 2400, 4600, 0.0875, false),
  site(1011, 'PLNFLD', 'WashU Plainfield', 'ILLINOIS', 2100, 3900, IL_TAX, false),
  site(1012, 'BERWYN', 'WashU Berwyn', 'ILLINOIS', 1300, 2200, 0.1025, false),
  site(1013, 'BURBT1', 'WashU Burbank T1', 'ILLINOIS', 2300, 4400, 0.1025, false),
  site(1014, 'EVRGRN', 'WashU Evergreen Park T1', 'ILLINOIS', 1800, 3100, 0.1025, false),
  site(1015, 'EVERG2', 'WashU Evergreen Park T2', 'ILLINOIS', 1100, 1900, 0.1025, false),
  site(1016, 'BurbT2', 'WashU Burbank T2', 'ILLINOIS', 1200, 2000, 0.1025, false),
  site(1017, 'NOLO', 'Wash 37135', 'GLOBAL', 1200, 2100, TN_TAX, true),
  site(1018, 'DKSN', 'Wash 37055', 'GLOBAL', 900, 1500, TN_TAX, true),
  site(1019, 'FRVW', 'Wash 37062', 'GLOBAL', 1000, 1700, TN_TAX, true),
  site(1020, 'JKSN', 'Wash 38301', 'GLOBAL', 1400, 2400, TN_TAX, true),
  site(1021, 'MERRIL', 'WashU Merrillville', 'INDIANA', 2000, 3600, IN_TAX, true),
  site(1022, 'HOBART', 'WashU Hobart', 'INDIANA', 1300, 2300, IN_TAX, true),
  site(1024, 'VALPO', 'WashU Valparaiso', 'INDIANA', 1600, 2800, IN_TAX, true),
  {
    siteId: 1099,
    code: 'ECOM',
    name: 'WashU Online Store',
    timezone: CENTRAL,
    region: 'ILLINOIS',
    dailyBase: 90,
    members: 0,
    taxRate: 0,
    taxWashes: false,
    attendedDevices: [],
    payStations: ['E-Comm 1'],
    virtual: true,
  },
];

function site(
  siteId: number,
  code: string,
  name: string,
  region: string,
  dailyBase: number,
  members: number,
  taxRate: number,
  taxWashes: boolean,
): ChainSite {
  return {
    siteId,
    code,
    name,
    timezone: CENTRAL,
    region,
    dailyBase,
    members,
    taxRate,
    taxWashes,
    attendedDevices: ['POS1', 'POS2'],
    payStations: ['Pay Station 1', 'Pay Station 2', 'Pay Station 3'],
    virtual: false,
  };
}

/**
 * A small chain with every shape of the whole one, for correctness tests (the whole chain stays for the demo and the
 * benchmarks): every region, sites that tax washes and one that does not, and the online store (the quietest sites, so a day is few pages).
 */
export const SMALL_CHAIN_SITES: readonly string[] = ['BERWYN', 'HOBART', 'DKSN', 'ECOM'];

/**
 * Sites outside the demo chain, served only when `sites` names them: the demo chain mirrors the BackOffice tenant and
 * other packages count its sites and sum its days, so a site east of UTC joins a small world only.
 */
export const EXTRA_SITES: readonly ChainSite[] = [
  { ...site(1090, 'BERLIN', 'WashU Berlin', 'GLOBAL', 1100, 1800, 0.19, true), timezone: 'Europe/Berlin' },
];

/** The small chain and a site east of UTC: local days that start before and after UTC midnight, for correctness tests. */
export const SMALL_CHAIN_ACROSS_UTC_SITES: readonly string[] = [...SMALL_CHAIN_SITES, 'BERLIN'];

/** Every site a simulator can serve: the demo chain, then the extra sites. */
export const KNOWN_SITES: readonly ChainSite[] = [...SITES, ...EXTRA_SITES];

export const siteById = new Map(KNOWN_SITES.map((s) => [s.siteId, s]));
export const siteByCode = new Map(KNOWN_SITES.map((s) => [s.code.toLowerCase(), s]));
export const regionByCode = new Map(REGIONS.map((r) => [r.code.toLowerCase(), r]));

/** Departments as the live data names them; each maps to the `item_type` lists it makes a transaction appear in. */
export type Department =
  | 'Wash'
  | 'Add On'
  | 'Recurring Plan'
  | 'Prepaid Wash'
  | 'WashBook'
  | 'GiftCard'
  | 'Merchandise'
  | 'House Account'
  | 'Vacuum';

export const ITEM_TYPES = [
  'wash',
  'prepaid-wash',
  'recurring',
  'washbook',
  'giftcard',
  'merchandise',
  'house-account',
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const TYPE_BIT: Record<ItemType, number> = {
  wash: 1,
  'prepaid-wash': 2,
  recurring: 4,
  washbook: 8,
  giftcard: 16,
  merchandise: 32,
  'house-account': 64,
};

export const DEPARTMENT_TYPE: Partial<Record<Department, ItemType>> = {
  Wash: 'wash',
  'Prepaid Wash': 'prepaid-wash',
  'Recurring Plan': 'recurring',
  WashBook: 'washbook',
  GiftCard: 'giftcard',
  Merchandise: 'merchandise',
  'House Account': 'house-account',
};

export interface CatalogItem {
  sku: string;
  name: string;
  department: Department;
  /** Price in cents. */
  price: number;
}

function item(sku: string, name: string, department: Department, price: number): CatalogItem {
  return { sku, name, department, price };
}

/** Wash packages, cheapest first; membership plans, prepaid and washbooks align with them by index. */
export const WASHES: readonly CatalogItem[] = [
  item('100101', 'Express Wash', 'Wash', 1000),
  item('100102', 'Deluxe Wash', 'Wash', 1500),
  item('100103', 'Ultimate Wash', 'Wash', 2000),
  item('100104', 'Ceramic Shield Wash', 'Wash', 2500),
];
export const PLANS: readonly CatalogItem[] = [
  item('200101', 'Express Club', 'Recurring Plan', 1999),
  item('200102', 'Deluxe Club', 'Recurring Plan', 2999),
  item('200103', 'Ultimate Club', 'Recurring Plan', 3499),
  item('200104', 'Ceramic Club', 'Recurring Plan', 4499),
];
export const PREPAID: readonly CatalogItem[] = [
  item('300101', 'Prepaid Express Wash', 'Prepaid Wash', 1000),
  item('300102', 'Prepaid Deluxe Wash', 'Prepaid Wash', 1500),
  item('300103', 'Prepaid Ultimate Wash', 'Prepaid Wash', 2000),
  item('300104', 'Prepaid Ceramic Shield Wash', 'Prepaid Wash', 2500),
];
export const WASHBOOKS: readonly CatalogItem[] = [
  item('400101', '10 Express Wash Book', 'WashBook', 8000),
  item('400102', '10 Deluxe Wash Book', 'WashBook', 12000),
  item('400103', '10 Ultimate Wash Book', 'WashBook', 16000),
  item('400104', '10 Ceramic Wash Book', 'WashBook', 20000),
];
export const GIFT_CARDS: readonly CatalogItem[] = [
  item('500125', '$25 Gift Card', 'GiftCard', 2500),
  item('500150', '$50 Gift Card', 'GiftCard', 5000),
  item('500199', '$100 Gift Card', 'GiftCard', 10000),
];
export const ADD_ONS: readonly CatalogItem[] = [
  item('600101', 'Tire Shine', 'Add On', 300),
  item('600102', 'Rain Repellent', 'Add On', 400),
  item('600103', 'Underbody Flush', 'Add On', 300),
  item('600104', 'Hand Towel Dry', 'Add On', 500),
];
export const MERCHANDISE: readonly CatalogItem[] = [
  item('700101', 'Air Freshener', 'Merchandise', 299),
  item('700102', 'Microfiber Towel', 'Merchandise', 599),
  item('700103', 'Bottled Water', 'Merchandise', 150),
  item('700104', 'Energy Drink', 'Merchandise', 349),
  item('700105', 'Glass Cleaner', 'Merchandise', 699),
];
export const VACUUM = item('800101', 'Vacuum Token', 'Vacuum', 200);
export const HOUSE_ACCOUNT_PAYMENT = item('900101', 'House Account Payment', 'House Account', 0);

export interface Coupon {
  name: string;
  sku: string;
  /** Fixed amount in cents, or a fraction of the wash price. */
  amount?: number;
  percent?: number;
  code: string;
}

export const COUPONS: readonly Coupon[] = [
  { name: '$5 Off Any Wash', sku: '950101', amount: 500, code: '5OFFWASH' },
  { name: 'First Responder 20%', sku: '950102', percent: 0.2, code: 'HERO20' },
  { name: 'Mailer $3 Off', sku: '950103', amount: 300, code: '91415818' },
  { name: 'Fleet Discount 10%', sku: '950104', percent: 0.1, code: 'FLEET10' },
];

export const FIRST_NAMES: readonly string[] = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Daniel', 'Lisa',
  'Matthew', 'Nancy', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Luis', 'Emily', 'Steven', 'Maria', 'Andrew', 'Michelle',
  'Kevin', 'Amanda', 'Brian', 'Melissa', 'Jose', 'Stephanie', 'Tyler', 'Rebecca', 'Aaron', 'Laura', 'Nathan',
  'Priya', 'Ahmed', 'Mei', 'Olga', 'Tomasz', 'DeShawn', 'Keisha', 'Hannah', 'Noah', 'Grace', 'Ethan', 'Chloe',
];

export const LAST_NAMES: readonly string[] = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
  'Kowalski', 'Patel', 'Novak', 'Okafor', 'Schmidt', 'Murphy', 'Sullivan', 'Kim', 'Chen', 'Reyes', 'Brooks',
];

export const FLEET_COMPANIES: readonly string[] = [
  'Prairie Plumbing Co', 'Metro Cab LLC', 'Sunrise Landscaping', 'Lakeside Realty', 'Desert Air HVAC',
  'Hoosier Rentals', 'Northside Florist', 'Allied Pest Control',
];
