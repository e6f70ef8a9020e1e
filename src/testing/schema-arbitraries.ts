import fc from "fast-check";

/** A JSON Schema as GET /api/openapi.json writes one: the subset the contracts produce. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}

/** Where a schema's `$ref` points: the description's components.schemas. */
export type SchemaComponents = Record<string, JsonSchema>;

/** Arrays and texts are generated this long at most: long enough for every limit's edge that matters, short enough to send thousands. */
const MOST_ITEMS = 4;
const LONGEST_TEXT = 300;

/** Dates the description's `date` and `date-time` formats allow, as far as a year of four digits goes. */
const EARLIEST = new Date("0001-01-01T00:00:00.000Z");
const LATEST = new Date("9999-12-31T23:59:59.999Z");

/**
 * Values a schema accepts, for a fuzzer of the API built from its own description: every value generated
 * is valid by the schema, so that whatever the server answers it, it must answer within its description.
 * Numbers and texts lean towards the small and the edges, where records and limits are.
 */
export function arbitraryOf(schema: JsonSchema, components: SchemaComponents): fc.Arbitrary<unknown> {
  if (schema.$ref !== undefined) return arbitraryOf(components[schema.$ref.replace("#/components/schemas/", "")] ?? unknownSchema(schema), components);
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  if (schema.anyOf !== undefined) return fc.oneof(...schema.anyOf.map((alternative) => arbitraryOf(alternative, components)));
  // A union with null is written as a list of types: ["string", "null"].
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, components)));
  switch (schema.type) {
    case "object":
      return objectOf(schema, components);
    case "array":
      return fc.array(arbitraryOf(schema.items ?? unknownSchema(schema), components), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MOST_ITEMS, MOST_ITEMS)),
      });
    case "string":
      return textOf(schema);
    case "integer":
      return wholeNumberOf(schema);
    case "number":
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
  }
  return unknownSchema(schema);
}

function objectOf(schema: JsonSchema, components: SchemaComponents): fc.Arbitrary<unknown> {
  if (schema.patternProperties !== undefined) {
    const [[keyPattern, value]] = Object.entries(schema.patternProperties) as [[string, JsonSchema]];
    return fc.dictionary(fc.stringMatching(new RegExp(keyPattern)), arbitraryOf(value, components), { maxKeys: MOST_ITEMS });
  }
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, arbitraryOf(property, components)]));
  return fc.record(properties, { requiredKeys: schema.required ?? [] });
}

function textOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? LONGEST_TEXT, LONGEST_TEXT);
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern);
  const valid = (text: string) => text.length >= minLength && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) && (pattern?.test(text) ?? true);
  if (schema.format === "date") return instants().map((instant) => instant.toISOString().slice(0, 10)).filter(valid);
  if (schema.format === "date-time") return instants().map((instant) => instant.toISOString()).filter(valid);
  if (pattern !== undefined) return fc.stringMatching(pattern).filter(valid);
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: fc.oneof({ arbitrary: fc.string({ minLength: 1, maxLength: 1 }), weight: 3 }, AWKWARD_CHARACTERS), minLength, maxLength }).filter(valid),
    fc.string({ unit: "binary", minLength, maxLength }).filter(valid),
    fc.string({ minLength: maxLength, maxLength }),
  );
}

/** What text handling trips over: NUL and other controls, quotes and wildcards of SQL, LIKE and FTS5, odd spaces, other scripts, emoji. */
const AWKWARD_CHARACTERS = fc.constantFrom("\u0000", "\u0001", "\t", "\n", "\r", " ", "'", '"', "%", "_", "\\", "*", ":", "(", ")", "-", "^", "\u00a0", "\u2028", "\ufeff", "é", "ß", "İ", "😀");

function wholeNumberOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  // Ids name records mostly among the first few; a page's size and offset are mostly small too.
  return fc.oneof({ arbitrary: fc.integer({ min, max: Math.min(max, min + 40) }), weight: 4 }, { arbitrary: fc.constantFrom(min, max), weight: 1 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

function instants(): fc.Arbitrary<Date> {
  return fc.oneof(fc.date({ min: new Date("2000-01-01"), max: new Date("2040-12-31"), noInvalidDate: true }), fc.date({ min: EARLIEST, max: LATEST, noInvalidDate: true }));
}

function unknownSchema(schema: JsonSchema): never {
  throw new Error(`No values known for the schema ${JSON.stringify(schema)}: the converter covers the subset the contracts produce`);
}
