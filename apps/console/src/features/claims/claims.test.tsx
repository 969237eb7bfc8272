import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole, waiting } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn(), http: { post: vi.fn() } }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const reviewer = { loginName: 'ops-review', name: '审核员', roles: ['reviewer' as const], mustChangePassword: false };
const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };

const item = {
  id: 42,
  claimNo: 'BZ2026000042',
  type: 'hospital_allowance',
  typeLabel: '住院生活补助',
  state: 'city_review',
  stateLabel: '市总审核',
  filedBy: 'unit',
  personName: '赵一',
  certNo: '430102********1234',
  unitName: '长沙市新星公司',
  periodYear: 2026,
  admittedOn: '2026-05-01',
  dischargedOn: '2026-05-06',
  hospitalName: '长沙市第一医院',
  diagnosisName: '肺炎',
  days: 5,
  amountFen: 25_000,
  reason: null,
  payoutFailure: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  submittedAt: '2026-11-20T02:00:00.000Z',
  decidedAt: null,
  paidAt: null,
  uact: 'newunit01',
  hasBankCard: true,
};
const detail = {
  claim: {
    ...item,
    productCode: '01',
    productName: '住院互助',
    gender: '1',
    diagnosisCode: 'J18.9',
    invoiceFen: null,
    bankName: '长沙银行',
    bankCard: '6222********2222',
    note: null,
    reviewUnitName: null,
    deadline: '2028-05-06',
    canEdit: false,
    canSubmit: false,
    canDelete: false,
    canReview: true,
  },
  form: { staffId: null, bankCard: null },
  attachments: [
    {
      id: 7,
      kind: 'id_card',
      kindLabel: '身份证',
      fileId: 'f-7',
      name: 'id.png',
      size: 10,
      mime: 'image/png',
      createdAt: '2026-11-20T02:00:00.000Z',
    },
  ],
  required: [
    { kind: 'id_card', label: '身份证', present: true },
    { kind: 'discharge_summary', label: '出院小结', present: false },
  ],
  events: [
    {
      at: '2026-11-20T02:00:00.000Z',
      actorKind: 'unit',
      actorName: '长沙市新星公司',
      fromState: 'draft',
      fromLabel: '草稿',
      toState: 'city_review',
      toLabel: '市总审核',
      note: null,
    },
  ],
  rule: { amountFen: 20_000, basis: '住院4天 × 50.00元 × 1份', problems: [] },
};
const decided = { id: 42, claimNo: 'BZ2026000042', state: 'approved', stateLabel: '待发放', amountFen: 20_000 };

const callsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

beforeEach(() => {
  onScreenWidth(1366);
  URL.createObjectURL = vi.fn(() => 'blob:claim-file');
  URL.revokeObjectURL = vi.fn();
  requests.http.post.mockReset().mockResolvedValue({ data: new Blob(['png'], { type: 'image/png' }) });
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'opsDashboard') return ok(waiting);
    if (call.name === 'opsClaimList') return ok({ list: [item] });
    if (call.name === 'opsClaimDetail') return ok(detail);
    if (['opsClaimApprove', 'opsClaimReturn', 'opsClaimRefuse'].includes(call.name)) return ok(decided);
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('补助审核', () => {
  it('opens the claim from the URL: the rule amount beside the claimed one, the attachment inline, the history', async () => {
    renderConsole('/claims?open=42', reviewer);
    const drawer = within(await screen.findByTestId('claim-drawer'));
    expect((await drawer.findByTestId('claim-amounts')).textContent).toContain('¥250.00');
    expect(drawer.getByTestId('rule-amount').textContent).toBe('¥200.00');
    expect(drawer.getByText('住院4天 × 50.00元 × 1份')).toBeTruthy();
    expect(drawer.getByText('出院小结')).toBeTruthy(); // a required kind that is missing
    const image = await drawer.findByTestId('inline-image');
    expect(image.getAttribute('src')).toBe('blob:claim-file');
    expect(requests.http.post).toHaveBeenCalledWith(
      '/ops/api/claims/attachment',
      { claim: 42, attachmentId: 7 },
      expect.objectContaining({ responseType: 'blob' }),
    );
    expect(drawer.getByTestId('event-timeline').textContent).toContain('长沙市新星公司');
    expect(callsOf('opsClaimDetail')[0][1]).toEqual({ claim: '42' });
  });

  it('审核通过 with a lower amount needs the note, then sends amount and note', async () => {
    const user = userEvent.setup();
    renderConsole('/claims', reviewer);
    await user.click(await screen.findByTestId('view-BZ2026000042'));
    await user.click(await screen.findByTestId('claim-approve'));
    const amount = await screen.findByTestId('approve-amount');
    expect((amount as HTMLInputElement).value).toBe('250.00');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(screen.getByTestId('approve-confirm'));
    expect(await screen.findByText('调低核定金额须写明原因')).toBeTruthy();
    expect(callsOf('opsClaimApprove')).toHaveLength(0);
    await user.type(screen.getByTestId('approve-note'), '住院天数按病历核减一天{Enter}');
    await waitFor(() =>
      expect(callsOf('opsClaimApprove')[0]?.[1]).toEqual({ claim: 42, amount: '200.00', note: '住院天数按病历核减一天' }),
    );
  });

  it('退回补正 needs what to fix and sends it', async () => {
    const user = userEvent.setup();
    renderConsole('/claims?open=42', reviewer);
    await user.click(await screen.findByTestId('claim-return'));
    await user.click(await screen.findByTestId('reason-confirm'));
    expect(await screen.findByText('请输入需补正的内容')).toBeTruthy();
    await user.type(screen.getByTestId('reason-text'), '请补充出院小结');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() => expect(callsOf('opsClaimReturn')[0]?.[1]).toEqual({ claim: 42, reason: '请补充出院小结' }));
  });

  it('the auditor reads the claim without the decisions', async () => {
    renderConsole('/claims?open=42', auditor);
    const drawer = within(await screen.findByTestId('claim-drawer'));
    expect(await drawer.findByTestId('claim-amounts')).toBeTruthy();
    expect(screen.queryByTestId('claim-approve')).toBeNull();
    expect(screen.queryByTestId('claim-return')).toBeNull();
  });
});
