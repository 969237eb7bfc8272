import { useState } from 'react';
import { Button } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { LoadFailed } from '../../components/LoadFailed';
import { useMayCall } from '../../lib/operator-may';
import { useSavePeriod, useSaveProduct } from './api/period-change';
import { type Period, usePeriods } from './api/period-list';
import { PeriodDialog } from './components/PeriodDialog';
import { PeriodTable } from './components/PeriodTable';
import { ProductDialog, type ProductTarget } from './components/ProductDialog';
import './periods.css';

/**
 * 互助期与产品: the periods with their phase and dates, and each period's products with rate,
 * shares, eligibility and benefit rule. The data clerk creates and edits them; the server's
 * refusals (a period in force, a rule that moves computed treatments) show in the dialogs.
 */
export default function PeriodsPage() {
  const list = usePeriods();
  const mayChange = useMayCall(opsCalls.opsPeriodEdit);
  const [period, setPeriod] = useState<Period | 'new' | null>(null);
  const [product, setProduct] = useState<ProductTarget | null>(null);
  const savePeriod = useSavePeriod(period === 'new');
  const saveProduct = useSaveProduct(!product?.product);

  return (
    <section className="console-panel" aria-labelledby="periods-title">
      <h2 id="periods-title" className="page-title">
        互助期与产品
      </h2>
      {mayChange ? (
        <div className="list-toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPeriod('new')} data-testid="period-new">
            新建互助期
          </Button>
        </div>
      ) : null}
      {list.isError && !list.data ? (
        <LoadFailed what="互助期" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <PeriodTable
          rows={list.data ?? []}
          loading={list.isFetching}
          onEditPeriod={mayChange ? setPeriod : undefined}
          onAddProduct={mayChange ? (p) => setProduct({ year: p.year }) : undefined}
          onEditProduct={mayChange ? (p, item) => setProduct({ year: p.year, product: item }) : undefined}
        />
      )}
      <PeriodDialog
        period={period}
        pending={savePeriod.isPending}
        onCancel={() => setPeriod(null)}
        onSubmit={(fields) => savePeriod.mutateAsync(fields).then(() => setPeriod(null))}
      />
      <ProductDialog
        target={product}
        pending={saveProduct.isPending}
        onCancel={() => setProduct(null)}
        onSubmit={(fields) => saveProduct.mutateAsync(fields).then(() => setProduct(null))}
      />
    </section>
  );
}
