import { DEFAULT_PRODUCT_LIMIT } from "../../../contracts/analytics.ts";
import { useTopProducts, type Period, type ProductSales } from "../../api/analytics";
import { formatCount, formatCountOf } from "../../format/count";
import { formatUsCalendarDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { SkeletonLines } from "../../ui/DetailCard";
import { LoadError } from "../../ui/LoadError";
import { axisScale, positionOn } from "./chart-scale";
import { ChartCard, EmptyChart } from "./ChartCard";
import { csvDollars } from "./csv";
import { dimmedWhile } from "../../ui/dimmed-while";

/** The SKUs that brought the most revenue in the period, with the units sold and the customers who bought them. */
export function TopProductsCard({ period, className }: { period: Period; className?: string }) {
  const { data: products, error, isValidating, retry } = useTopProducts(period, DEFAULT_PRODUCT_LIMIT);
  const hasSales = products !== undefined && products.length > 0;

  return (
    <ChartCard
      title="Top products"
      summary={`By revenue, ${formatUsCalendarDate(period.from)} – ${formatUsCalendarDate(period.to)}`}
      csv={hasSales ? { fileName: `top-products-${period.from}-to-${period.to}.csv`, rows: csvRows(products) } : undefined}
      testId="top-products-card"
      className={className}
    >
      {(view) =>
        !products ? (
          error ? (
            <LoadError title="The top products could not be loaded." error={error} onRetry={retry} compact />
          ) : (
            <SkeletonLines count={6} />
          )
        ) : !hasSales ? (
          <EmptyChart title="No products sold in this period">Choose a longer period, or import orders to see what sells best.</EmptyChart>
        ) : (
          <div className={dimmedWhile(isValidating)} aria-busy={isValidating}>
            {view === "chart" ? <ProductBars products={products} /> : <ProductsTable products={products} />}
          </div>
        )
      }
    </ChartCard>
  );
}

const HEADERS = ["SKU", "Product", "Revenue", "Units", "Customers"] as const;

function csvRows(products: ProductSales[]) {
  return [HEADERS, ...products.map((product) => [product.sku, product.name, csvDollars(product.revenue), product.units, product.customers])];
}

/** One bar per product, its length the product's revenue against the best seller's. */
function ProductBars({ products }: { products: ProductSales[] }) {
  const axis = axisScale(Math.max(0, ...products.map((product) => product.revenue)));
  return (
    <ol className="space-y-3" aria-label="Top products by revenue" data-testid="top-products-chart">
      {products.map((product) => (
        <li key={product.sku} className="min-w-0" data-testid="top-product">
          {/* The whole name, wrapped, and the SKU: variants of one product ('12-Panel Drug Test Cup, 25/box' and ', 50/box') differ only at the end. */}
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <p className="min-w-0 font-medium break-words text-slate-900" data-testid="top-product-name">
              {product.name}
            </p>
            <p className="shrink-0 font-medium text-slate-900 tabular-nums">{formatDollars(product.revenue)}</p>
          </div>
          <svg aria-hidden="true" className="mt-1 block h-2 w-full" viewBox="0 0 100 2" preserveAspectRatio="none">
            <rect width="100" height="2" rx="1" className="fill-slate-100" />
            <rect width={positionOn(axis, product.revenue, 100)} height="2" rx="1" className="fill-blue-600" />
          </svg>
          <p className="mt-1 text-xs break-words text-slate-500 tabular-nums">
            <span data-testid="top-product-sku">SKU {product.sku}</span> · {formatCountOf(product.units, "unit")} · {formatCountOf(product.customers, "customer")}
          </p>
        </li>
      ))}
    </ol>
  );
}

function ProductsTable({ products }: { products: ProductSales[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[480px] text-left text-sm" data-testid="top-products-table">
        <caption className="sr-only">Top products by revenue</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-500">
          <tr>
            {HEADERS.map((header, index) => (
              <th key={header} scope="col" className={`px-3 py-2 ${index > 1 ? "text-right" : ""}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {products.map((product) => (
            <tr key={product.sku}>
              <td className="px-3 py-2 whitespace-nowrap text-slate-500">{product.sku}</td>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {product.name}
              </th>
              <td className="px-3 py-2 text-right font-medium text-slate-900">{formatDollars(product.revenue)}</td>
              <td className="px-3 py-2 text-right">{formatCount(product.units)}</td>
              <td className="px-3 py-2 text-right">{formatCount(product.customers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
