import type { ProductCategory } from "./product-catalog.ts";

export type CustomerKind =
  | "clinic"
  | "occupational-health"
  | "lab"
  | "treatment-center"
  | "employer"
  | "school"
  | "sober-living"
  | "probation-office"
  | "individual";

/** Where ShipStation says an order came from. */
export type OrderSource = "shopify" | "manual" | "amazon";

/** How one kind of customer buys: what, how much, how often and through which channel. */
export interface CustomerProfile {
  /** Relative share of customers of this kind. */
  share: number;
  categories: Partial<Record<ProductCategory, number>>;
  /** Multiplies a product's usual business quantity; individuals buy one or two of a thing. */
  orderVolume: number;
  /** Relative reorder frequency compared with other kinds. */
  reorderRate: number;
  /** Share of these customers who order with a gmail.com-style address. */
  freeMailShare: number;
  sources: Record<OrderSource, number>;
  /** Local parts of shared mailboxes such customers order from, e.g. purchasing@. */
  roleMailboxes: readonly string[];
}

export const CUSTOMER_PROFILES: Readonly<Record<CustomerKind, CustomerProfile>> = {
  clinic: {
    share: 16,
    categories: { "urine-cups": 5, "dip-cards": 1, "oral-fluid": 1, collection: 3, "specimen-validity": 1, "lab-supplies": 2 },
    orderVolume: 1,
    reorderRate: 1.2,
    freeMailShare: 0.05,
    sources: { shopify: 6, manual: 4, amazon: 0 },
    roleMailboxes: ["office", "frontdesk", "orders", "purchasing", "nursing"],
  },
  "occupational-health": {
    share: 9,
    categories: { "urine-cups": 4, "oral-fluid": 2, alcohol: 3, collection: 4, "specimen-validity": 2 },
    orderVolume: 1.8,
    reorderRate: 1.8,
    freeMailShare: 0,
    sources: { shopify: 5, manual: 5, amazon: 0 },
    roleMailboxes: ["orders", "purchasing", "supplies", "collections"],
  },
  lab: {
    share: 6,
    categories: { collection: 4, "lab-supplies": 5, "specimen-validity": 2, "urine-cups": 1 },
    orderVolume: 2.5,
    reorderRate: 2.2,
    freeMailShare: 0,
    sources: { shopify: 4, manual: 6, amazon: 0 },
    roleMailboxes: ["purchasing", "labsupplies", "ap", "receiving"],
  },
  "treatment-center": {
    share: 16,
    categories: { "urine-cups": 6, "dip-cards": 2, "fentanyl-strips": 3, alcohol: 3, "oral-fluid": 1, "specimen-validity": 1 },
    orderVolume: 1.4,
    reorderRate: 1.5,
    freeMailShare: 0.03,
    sources: { shopify: 7, manual: 3, amazon: 0 },
    roleMailboxes: ["admin", "intake", "nursing", "office", "purchasing"],
  },
  employer: {
    share: 16,
    categories: { "urine-cups": 3, "oral-fluid": 4, "dip-cards": 1, alcohol: 2 },
    orderVolume: 0.7,
    reorderRate: 0.6,
    freeMailShare: 0.1,
    sources: { shopify: 7, manual: 2, amazon: 1 },
    roleMailboxes: ["hr", "safety", "office", "accounting"],
  },
  school: {
    share: 5,
    categories: { "oral-fluid": 4, alcohol: 4, "urine-cups": 1, "dip-cards": 1 },
    orderVolume: 0.6,
    reorderRate: 0.4,
    freeMailShare: 0,
    sources: { shopify: 5, manual: 5, amazon: 0 },
    roleMailboxes: ["nurse", "athletics", "frontoffice", "purchasing"],
  },
  "sober-living": {
    share: 11,
    categories: { "urine-cups": 5, "dip-cards": 3, "fentanyl-strips": 2, alcohol: 2, "specimen-validity": 1 },
    orderVolume: 0.6,
    reorderRate: 1.1,
    freeMailShare: 0.3,
    sources: { shopify: 8, manual: 1, amazon: 1 },
    roleMailboxes: ["house", "manager", "info", "admin"],
  },
  "probation-office": {
    share: 6,
    categories: { "urine-cups": 4, "dip-cards": 3, alcohol: 3, "oral-fluid": 1, collection: 1 },
    orderVolume: 1.6,
    reorderRate: 1.3,
    freeMailShare: 0,
    sources: { shopify: 3, manual: 7, amazon: 0 },
    roleMailboxes: ["purchasing", "procurement", "supervision", "drugcourt"],
  },
  individual: {
    share: 15,
    categories: { "home-tests": 8, "fentanyl-strips": 1, "urine-cups": 1 },
    orderVolume: 0.25,
    reorderRate: 0.25,
    freeMailShare: 1,
    sources: { shopify: 6, manual: 0, amazon: 4 },
    roleMailboxes: [],
  },
};

export const FREE_MAIL_DOMAINS: readonly string[] = ["gmail.com", "yahoo.com", "hotmail.com", "outlook.com", "aol.com", "icloud.com"];
