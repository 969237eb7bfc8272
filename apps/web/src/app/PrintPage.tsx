import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { useSearchParams } from 'react-router';
import RegistrationPrintPage from '../features/registration/PrintPage';

/** The payment notice comes with the logged-in pages' code, not in the public area's chunk. */
const PaymentNoticePrintPage = lazy(() => import('../features/payment/PaymentNoticePrintPage'));
/** 互助档案 (person, unit), likewise (docs-flags.md F3). */
const ArchivePrintPage = lazy(() => import('../features/archive/pages').then((m) => ({ default: m.ArchivePrintPage })));

/**
 * /print 打印: a registry of printable documents by ?kind= (docs/decisions.md, "Printable documents by kind"). It lives in app/
 * because its documents belong to several features: `registration` (注册回执, public) and
 * `payment-notice` (缴费通知单, ?id=<application>, a unit's session), `archive` (互助档案:
 * ?kind=archive-personal or archive-unit, the person's or the unit's session).
 */
export default function PrintPage() {
  const [search] = useSearchParams();
  const kind = search.get('kind');
  if (kind === 'archive-personal' || kind === 'archive-unit')
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
        <ArchivePrintPage />
      </Suspense>
    );
  if (kind === 'payment-notice')
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
        <PaymentNoticePrintPage />
      </Suspense>
    );
  return <RegistrationPrintPage />;
}
