import { PRICING, PRODUCT_IDS, type ProductId } from '@common/billing';
import { TEXTS } from '@common/texts';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useCan } from '@/lib/session/use-can';
import type { Purchase } from './api/create-payment-setup';
import { useBillingAccount } from './api/get-billing-account';
import { dollars } from './components/money';
import { OptionChooser } from './components/option-chooser';
import { PaymentForm } from './components/payment-form';
import { PurchaseLayout } from './components/purchase-layout';
import { BILLING_TEXTS as B } from './texts';
import { usePaymentSetup } from './use-payment-setup';

const isProduct = (value: string | null): value is ProductId =>
  value !== null && (PRODUCT_IDS as readonly string[]).includes(value);

/** /checkout (spec §2.15): choose the package (default: the manual library), pay once. */
export function CheckoutScreen() {
  const [params, setParams] = useSearchParams();
  // Held here and mirrored in the URL: the radio answers at once, the URL keeps the choice on reload.
  const [productId, setProductId] = useState<ProductId>(() => {
    const chosen = params.get('package');
    return isProduct(chosen) ? chosen : 'complete-library';
  });
  const product = PRICING.products[productId];
  const allowed = useCan('billing:manage');
  const purchase = useMemo<Purchase>(
    () => ({ kind: 'product', body: { productName: productId, amount: PRICING.products[productId].price } }),
    [productId],
  );
  // Never sell what the organization has (issue 17): its plan includes it, or it was bought.
  const account = useBillingAccount({ enabled: allowed });
  const owned = account.data?.downloads.find((d) => d.productId === productId);
  const setup = usePaymentSetup(allowed && account.data && !owned ? purchase : null);
  return (
    <PurchaseLayout
      title={TEXTS.billing.checkoutTitle}
      allowed={allowed}
      chooser={
        <OptionChooser
          legend={B.chooseProduct}
          name="package"
          value={productId}
          onChange={(next) => {
            setProductId(next);
            setParams({ package: next }, { replace: true });
          }}
          options={PRODUCT_IDS.map((id) => ({
            value: id,
            label: PRICING.products[id].name,
            detail: dollars(PRICING.products[id].price),
          }))}
        />
      }
      summary={
        <p className="flex items-baseline justify-between gap-3 text-base text-slate-800">
          <span>{product.name}</span>
          <span className="text-xl font-bold text-slate-900">{dollars(product.price)}</span>
        </p>
      }
    >
      {owned ? (
        <div className="grid gap-3 rounded-lg bg-green-50 p-3 text-base text-green-950">
          <p className="font-semibold">
            {owned.source === 'plan'
              ? B.included(product.name, account.data?.plan?.planName ?? '')
              : B.bought(product.name)}
          </p>
          <Link to="/admin/billing" className={buttonClasses('primary', 'md')}>
            {B.toDownloads}
          </Link>
        </div>
      ) : (
        <PaymentForm purchase={purchase} setup={setup} submitLabel={B.payNow(dollars(product.price))} />
      )}
    </PurchaseLayout>
  );
}
