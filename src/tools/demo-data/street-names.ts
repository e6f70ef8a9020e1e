export const STREET_NAMES: readonly string[] = [
  "Main", "Oak", "Maple", "Cedar", "Pine", "Elm", "Washington", "Lake", "Hill", "Park",
  "Walnut", "Sunset", "Lincoln", "Jackson", "Church", "River", "Highland", "Madison", "Franklin", "Jefferson",
  "Center", "Spring", "Ridge", "Meadow", "Forest", "Chestnut", "Willow", "Dogwood", "Magnolia", "Sycamore",
  "Kennedy", "Martin Luther King Jr", "Commerce", "Industrial", "Technology", "Medical Center", "Professional", "Corporate", "Executive", "Enterprise",
  "Colonial", "Heritage", "Mill", "Bridge", "Harbor", "Canal", "College", "University", "Broad", "Market",
];

/** Street suffixes as the USPS abbreviates them, and as people spell them out. */
export const SPELLED_OUT_STREET_SUFFIXES: Readonly<Record<string, string>> = {
  St: "Street", Ave: "Avenue", Blvd: "Boulevard", Rd: "Road", Dr: "Drive", Ln: "Lane",
  Way: "Way", Ct: "Court", Pkwy: "Parkway", Pl: "Place", Cir: "Circle", Hwy: "Highway",
};

export const STREET_SUFFIXES: readonly string[] = Object.keys(SPELLED_OUT_STREET_SUFFIXES);

/** Street directions as the USPS abbreviates them, and as people spell them out. */
export const SPELLED_OUT_STREET_DIRECTIONS: Readonly<Record<string, string>> = {
  N: "North", S: "South", E: "East", W: "West", NE: "Northeast", NW: "Northwest", SE: "Southeast", SW: "Southwest",
};

export const STREET_DIRECTIONS: readonly string[] = Object.keys(SPELLED_OUT_STREET_DIRECTIONS);

/** Second address lines of offices, labs and warehouses. */
export const BUSINESS_ADDRESS_LINE_2: readonly string[] = [
  "Suite 100", "Suite 110", "Suite 200", "Suite 210", "Suite 300", "Suite 350", "Ste 104", "Ste 220", "Ste B", "Ste 5",
  "Bldg 2", "Bldg C", "Unit 4", "Floor 2", "2nd Floor", "Attn: Receiving", "Attn: Purchasing", "Attn: Office Manager", "Dock 3", "Room 118",
];

/** Second address lines of homes. */
export const HOME_ADDRESS_LINE_2: readonly string[] = ["Apt 1", "Apt 2B", "Apt 3C", "Apt 12", "Apt 204", "Apt 411", "Unit 5", "Unit 17", "#8", "Lot 22"];
