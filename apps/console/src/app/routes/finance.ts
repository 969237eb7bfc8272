import { lazy } from 'react';
import AccountBookOutlined from '@ant-design/icons/AccountBookOutlined';
import TransactionOutlined from '@ant-design/icons/TransactionOutlined';
import ReconciliationOutlined from '@ant-design/icons/ReconciliationOutlined';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import { opsMoneyCalls } from '@hall/shared/contracts/ops-money.ts';
import { opsTreatmentCalls } from '@hall/shared/contracts/ops-treatment.ts';
import type { ConsoleRoute } from './route';

/** 财务: payments and payouts. Each page lists the calls it reads: the auditor reads them, the actions show where the roles admit them (useMayCall). */
export const financeRoutes: readonly ConsoleRoute[] = [
  {
    path: 'payments',
    title: '缴费确认',
    group: 'finance',
    icon: AccountBookOutlined,
    calls: [opsCalls.opsPayableList, opsCalls.opsPaymentEntryList],
    page: lazy(() => import('../../features/payments/PaymentsPage')),
  },
  {
    path: 'reconciliation',
    title: '银行对账',
    group: 'finance',
    icon: ReconciliationOutlined,
    calls: [opsMoneyCalls.opsCreditList, opsMoneyCalls.opsStatementList],
    page: lazy(() => import('../../features/reconciliation/ReconciliationPage')),
  },
  {
    path: 'payouts',
    title: '发放',
    group: 'finance',
    icon: TransactionOutlined,
    calls: [opsTreatmentCalls.opsTreatmentList, opsClaimCalls.opsClaimList, opsTreatmentCalls.opsPayoutBatchList],
    page: lazy(() => import('../../features/payouts/PayoutsPage')),
  },
];
