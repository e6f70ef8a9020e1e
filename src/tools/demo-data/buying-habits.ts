import { CUSTOMER_PROFILES, type CustomerKind, type OrderSource } from "./customer-profiles.ts";
import { PRODUCT_CATALOG, type Product } from "./product-catalog.ts";
import { WeightedChoice } from "./random.ts";

/** The products a kind of customer buys, each category weighted by how much that kind wants it. */
export function productChoiceFor(kind: CustomerKind): WeightedChoice<Product> {
  return PRODUCT_CHOICES[kind];
}

/** The channels a kind of customer orders through. */
export function sourceChoiceFor(kind: CustomerKind): WeightedChoice<OrderSource> {
  return SOURCE_CHOICES[kind];
}

const CUSTOMER_KINDS = Object.keys(CUSTOMER_PROFILES) as CustomerKind[];

const PRODUCT_CHOICES = Object.fromEntries(
  CUSTOMER_KINDS.map((kind) => {
    const categoryWeights = CUSTOMER_PROFILES[kind].categories;
    const weightedProducts = PRODUCT_CATALOG.flatMap((product) => {
      const categoryWeight = categoryWeights[product.category] ?? 0;
      const productsInCategory = PRODUCT_CATALOG.filter((other) => other.category === product.category).length;
      return categoryWeight > 0 ? [[product, categoryWeight / productsInCategory] as const] : [];
    });
    return [kind, new WeightedChoice(weightedProducts)];
  }),
) as Record<CustomerKind, WeightedChoice<Product>>;

const SOURCE_CHOICES = Object.fromEntries(
  CUSTOMER_KINDS.map((kind) => [kind, WeightedChoice.fromRecord(CUSTOMER_PROFILES[kind].sources)]),
) as Record<CustomerKind, WeightedChoice<OrderSource>>;
