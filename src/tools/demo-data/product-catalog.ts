/** What the business sells, grouped the way customers shop for it. */
export type ProductCategory =
  | "urine-cups"
  | "dip-cards"
  | "oral-fluid"
  | "alcohol"
  | "fentanyl-strips"
  | "specimen-validity"
  | "collection"
  | "lab-supplies"
  | "home-tests";

export interface Product {
  sku: string;
  name: string;
  category: ProductCategory;
  unitPriceCents: number;
  /** Units a mid-sized business account usually buys in one order line; individuals buy far fewer. */
  usualBusinessQuantity: number;
}

export const PRODUCT_CATALOG: readonly Product[] = [
  { sku: "CUP-05P-25", name: "5-Panel Drug Test Cup, 25/box", category: "urine-cups", unitPriceCents: 6250, usualBusinessQuantity: 4 },
  { sku: "CUP-10P-25", name: "10-Panel Drug Test Cup, 25/box", category: "urine-cups", unitPriceCents: 8750, usualBusinessQuantity: 4 },
  { sku: "CUP-12P-25", name: "12-Panel Drug Test Cup, CLIA Waived, 25/box", category: "urine-cups", unitPriceCents: 9975, usualBusinessQuantity: 6 },
  { sku: "CUP-12PA-25", name: "12-Panel Drug Test Cup with 6 Adulterants, 25/box", category: "urine-cups", unitPriceCents: 11975, usualBusinessQuantity: 4 },
  { sku: "CUP-14PF-25", name: "14-Panel Drug Test Cup with Fentanyl, 25/box", category: "urine-cups", unitPriceCents: 13750, usualBusinessQuantity: 4 },
  { sku: "CUP-16PF-25", name: "16-Panel Drug Test Cup with Fentanyl, Tramadol & K2, 25/box", category: "urine-cups", unitPriceCents: 16250, usualBusinessQuantity: 3 },
  { sku: "DIP-05P-25", name: "5-Panel Drug Test Dip Card, 25/box", category: "dip-cards", unitPriceCents: 4375, usualBusinessQuantity: 4 },
  { sku: "DIP-06P-25", name: "6-Panel Drug Test Dip Card, 25/box", category: "dip-cards", unitPriceCents: 5250, usualBusinessQuantity: 4 },
  { sku: "DIP-12P-25", name: "12-Panel Drug Test Dip Card, 25/box", category: "dip-cards", unitPriceCents: 7475, usualBusinessQuantity: 3 },
  { sku: "DIP-FEN-25", name: "Fentanyl Urine Dip Card, 25/box", category: "dip-cards", unitPriceCents: 3125, usualBusinessQuantity: 3 },
  { sku: "ORL-06P-24", name: "6-Panel Oral Fluid Saliva Drug Test, 24/box", category: "oral-fluid", unitPriceCents: 10776, usualBusinessQuantity: 3 },
  { sku: "ORL-10P-24", name: "10-Panel Oral Fluid Saliva Drug Test, 24/box", category: "oral-fluid", unitPriceCents: 14376, usualBusinessQuantity: 2 },
  { sku: "SWB-100", name: "Oral Fluid Collection Swabs, 100/pack", category: "oral-fluid", unitPriceCents: 3800, usualBusinessQuantity: 2 },
  { sku: "ALC-SAL-24", name: "Saliva Alcohol Test Strips, 24/box", category: "alcohol", unitPriceCents: 3840, usualBusinessQuantity: 3 },
  { sku: "ETG-25", name: "EtG Alcohol Urine Test Strips, 25/box", category: "alcohol", unitPriceCents: 5625, usualBusinessQuantity: 3 },
  { sku: "BRE-FC-01", name: "Professional Fuel Cell Breathalyzer", category: "alcohol", unitPriceCents: 14900, usualBusinessQuantity: 1 },
  { sku: "BRE-MP-100", name: "Breathalyzer Mouthpieces, 100/bag", category: "alcohol", unitPriceCents: 1995, usualBusinessQuantity: 3 },
  { sku: "BRE-MP-500", name: "Breathalyzer Mouthpieces, Individually Wrapped, 500/case", category: "alcohol", unitPriceCents: 8450, usualBusinessQuantity: 1 },
  { sku: "BRE-CAL", name: "Breathalyzer Recalibration Service", category: "alcohol", unitPriceCents: 4500, usualBusinessQuantity: 1 },
  { sku: "FTS-010", name: "Fentanyl Test Strips, 10/pack", category: "fentanyl-strips", unitPriceCents: 1250, usualBusinessQuantity: 10 },
  { sku: "FTS-100", name: "Fentanyl Test Strips, 100/pack", category: "fentanyl-strips", unitPriceCents: 9900, usualBusinessQuantity: 2 },
  { sku: "XTS-100", name: "Xylazine Test Strips, 100/pack", category: "fentanyl-strips", unitPriceCents: 11900, usualBusinessQuantity: 2 },
  { sku: "ADU-06-100", name: "6-Way Adulteration Test Strips, 100/bottle", category: "specimen-validity", unitPriceCents: 5900, usualBusinessQuantity: 2 },
  { sku: "ADU-03-100", name: "3-Way Adulteration Test Strips, 100/bottle", category: "specimen-validity", unitPriceCents: 3900, usualBusinessQuantity: 2 },
  { sku: "TMP-100", name: "Temperature Strips, 100/roll", category: "specimen-validity", unitPriceCents: 1495, usualBusinessQuantity: 3 },
  { sku: "BLU-100", name: "Toilet Bowl Bluing Tablets, 100/bottle", category: "specimen-validity", unitPriceCents: 1150, usualBusinessQuantity: 2 },
  { sku: "KIT-UCC-50", name: "Urine Collection Kit, Chain of Custody, 50/case", category: "collection", unitPriceCents: 8750, usualBusinessQuantity: 2 },
  { sku: "CCF-5P-100", name: "Chain of Custody Forms, 5-Part, 100/pack", category: "collection", unitPriceCents: 6500, usualBusinessQuantity: 1 },
  { sku: "SPC-90-100", name: "Sterile Specimen Cup 90 mL, 100/case", category: "collection", unitPriceCents: 3200, usualBusinessQuantity: 3 },
  { sku: "SPC-120T-100", name: "Specimen Cup 120 mL with Temperature Strip, 100/case", category: "collection", unitPriceCents: 4200, usualBusinessQuantity: 2 },
  { sku: "SEAL-100", name: "Tamper-Evident Specimen Seals, 100/roll", category: "collection", unitPriceCents: 1800, usualBusinessQuantity: 2 },
  { sku: "BAG-100", name: "Specimen Transport Bags with Document Pouch, 100/pack", category: "collection", unitPriceCents: 1650, usualBusinessQuantity: 2 },
  { sku: "GLV-M-100", name: "Nitrile Exam Gloves, Medium, 100/box", category: "lab-supplies", unitPriceCents: 995, usualBusinessQuantity: 6 },
  { sku: "GLV-L-100", name: "Nitrile Exam Gloves, Large, 100/box", category: "lab-supplies", unitPriceCents: 995, usualBusinessQuantity: 6 },
  { sku: "PIP-3-500", name: "Transfer Pipettes 3 mL, 500/pack", category: "lab-supplies", unitPriceCents: 2100, usualBusinessQuantity: 2 },
  { sku: "TUBE-10-100", name: "Urine Aliquot Tubes 10 mL with Caps, 100/pack", category: "lab-supplies", unitPriceCents: 2400, usualBusinessQuantity: 3 },
  { sku: "RACK-50", name: "Specimen Tube Rack, 50 Place", category: "lab-supplies", unitPriceCents: 1275, usualBusinessQuantity: 2 },
  { sku: "HOME-05P-1", name: "At-Home 5-Panel Drug Test Cup", category: "home-tests", unitPriceCents: 695, usualBusinessQuantity: 5 },
  { sku: "HOME-12P-1", name: "At-Home 12-Panel Drug Test Cup", category: "home-tests", unitPriceCents: 995, usualBusinessQuantity: 5 },
  { sku: "HOME-12P-5", name: "12-Panel Drug Test Cup, 5-Pack", category: "home-tests", unitPriceCents: 3995, usualBusinessQuantity: 2 },
  { sku: "HOME-THC-5", name: "Marijuana (THC) Dip Test, 5-Pack", category: "home-tests", unitPriceCents: 995, usualBusinessQuantity: 2 },
  { sku: "HOME-ORL-3", name: "Oral Fluid Drug Test, 3-Pack", category: "home-tests", unitPriceCents: 1795, usualBusinessQuantity: 2 },
  { sku: "FTS-005", name: "Fentanyl Test Strips, 5-Pack", category: "home-tests", unitPriceCents: 695, usualBusinessQuantity: 4 },
  { sku: "BRE-KEY-01", name: "Personal Keychain Breathalyzer", category: "home-tests", unitPriceCents: 2495, usualBusinessQuantity: 1 },
];
