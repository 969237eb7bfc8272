import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole, waiting } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn(), http: { post: vi.fn() } }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const reviewer = { loginName: 'ops-review', name: '审核员', roles: ['reviewer' as const], mustChangePassword: false };
const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };

const change = {
  id: 5,
  state: 'pending',
  stateLabel: '审核中',
  fields: [
    { field: 'chairmanName', label: '工会主席', before: '张三', after: '李四' },
    { field: 'memberCount', label: '会员人数', before: null, after: 120 },
  ],
  submitter: 'fhgh93101',
  submittedAt: '2026-11-25T02:00:00.000Z',
  decidedAt: null,
  reviewer: null,
  reviewNote: null,
  files: [{ fileId: 'f-1', name: '选举批复.pdf', size: 10, mime: 'application/pdf' }],
  uact: 'fhgh93101',
  unitName: '长沙市芙蓉区总工会',
};

const callsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

beforeEach(() => {
  onScreenWidth(1366);
  URL.createObjectURL = vi.fn(() => 'blob:change-file');
  URL.revokeObjectURL = vi.fn();
  requests.http.post.mockReset().mockResolvedValue({ data: new Blob(['%PDF'], { type: 'application/pdf' }) });
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'opsDashboard') return ok(waiting);
    if (call.name === 'opsUnionChangeList') return ok({ list: [change] });
    if (call.name === 'opsUnionChangeDetail') return ok(change);
    if (call.name === 'opsUnionChangeApprove') return ok({ ...change, state: 'approved' });
    if (call.name === 'opsUnionChangeReject') return ok({ ...change, state: 'rejected' });
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('工会信息变更审核', () => {
  it('shows before and after per field, the changed ones marked, and the document as a PDF in the page', async () => {
    const user = userEvent.setup();
    renderConsole('/union-changes', reviewer);
    expect(await screen.findByText('工会主席、会员人数')).toBeTruthy();
    await user.click(screen.getByTestId('view-change-5'));
    const drawer = within(await screen.findByTestId('union-change-drawer'));
    const diff = within(await drawer.findByTestId('field-diff'));
    expect(diff.getByText('张三')).toBeTruthy();
    expect(diff.getByText('李四')).toBeTruthy();
    expect(diff.getByText('未填写')).toBeTruthy();
    expect(diff.getAllByText('已变更')).toHaveLength(2);
    expect((await drawer.findByTestId('inline-pdf')).getAttribute('src')).toBe('blob:change-file');
    expect(requests.http.post).toHaveBeenCalledWith(
      '/ops/api/union-changes/file',
      { id: 5, fileId: 'f-1' },
      expect.objectContaining({ responseType: 'blob' }),
    );
  });

  it('approves with an optional note, and rejects only with a reason', async () => {
    const user = userEvent.setup();
    renderConsole('/union-changes?open=5', reviewer);
    await user.click(await screen.findByTestId('change-reject'));
    await user.click(await screen.findByTestId('reason-confirm'));
    expect(await screen.findByText('请输入驳回原因')).toBeTruthy();
    expect(callsOf('opsUnionChangeReject')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '取消' }));
    await user.click(screen.getByTestId('change-approve'));
    await user.type(await screen.findByTestId('approve-note'), '材料齐全{Enter}');
    await waitFor(() => expect(callsOf('opsUnionChangeApprove')[0]?.[1]).toEqual({ id: 5, note: '材料齐全' }));
  });

  it('the auditor reads the change without the decisions', async () => {
    renderConsole('/union-changes?open=5', auditor);
    expect(await screen.findByTestId('field-diff')).toBeTruthy();
    expect(screen.queryByTestId('change-approve')).toBeNull();
  });
});
