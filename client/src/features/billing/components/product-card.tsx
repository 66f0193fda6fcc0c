import { PRICING, type ProductId } from '@common/billing';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { BILLING_TEXTS as B } from '../texts';
import { dollars } from './money';

/** A one-time product with its price and the action under it. */
export function ProductCard({ productId, children }: { productId: ProductId; children: ReactNode }) {
  const product = PRICING.products[productId];
  return (
    <Card className="flex flex-col p-5" role="group" aria-labelledby={`product-${productId}`}>
      <div className="flex items-start gap-3">
        <FileText className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden="true" />
        <div className="min-w-0">
          <h3 id={`product-${productId}`} className="text-lg font-bold text-slate-900">
            {product.name}
          </h3>
          <p className="mt-1 text-base text-slate-600">{product.description}</p>
        </div>
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-3xl font-bold text-slate-900">{dollars(product.price)}</span>
        <span className="text-base text-slate-600">{B.oneTime}</span>
      </p>
      <div className="mt-auto pt-4">{children}</div>
    </Card>
  );
}
