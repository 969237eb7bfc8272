import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import UnionChangesPage from './UnionChangesPage';
import UnionInfoPage from './UnionInfoPage';
import { documentProblem } from './components/ChangeDocuments';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
const files = vi.hoisted(() => ({ download: vi.fn(), fetchBlob: vi.fn() }));
vi.mock('../../lib/download', () => files);

const RECORD = {
  uniName: '长沙市高新区联合基层工会',
  uscc: '81430100MA4L0920AU',
  legalCertNo: '工法证字第43010001号',
  legalCertStart: '2022-04-01',
  legalCertEnd: '2027-03-31',
  legalName: '周建国',
  chairmanName: '周建国',
  chairmanPhone: '13807311001',
  chairmanTermStart: '2022-04-01',
  chairmanTermEnd: '2027-03-31',
  foundedOn: '2012-09-18',
  employeeCount: 1860,
  femaleCount: 812,
  memberCount: 1795,
  regionCode: '430104',
  address: '麓谷大道658号',
  postcode: '410205',
  contactName: '陈敏',
  contactPhone: '0731-88901234',
  parentUnion: '长沙高新技术产业开发区总工会',
  bankName: '中国工商银行长沙麓谷支行',
  bankAccountName: '长沙市高新区联合基层工会',
  bankAccountNo: '1901001209200081234',
};
const CHANGE = {
  id: 7,
  state: 'pending',
  stateLabel: '审核中',
  fields: [{ field: 'chairmanName', label: '工会主席', before: '周建国', after: '邓志强' }],
  submitter: 'lhgh92001',
  submittedAt: '2026-11-20T02:00:00.000Z',
  decidedAt: null,
  reviewer: null,
  reviewNote: null,
  files: [] as Array<{ fileId: string; name: string; size: number; mime: string }>,
};
const APPROVAL = { fileId: '6f9619ff-8b86-4011-b42d-00c04fc964ff', name: '选举批复.pdf', size: 20480, mime: 'application/pdf' };
const PHOTO = { fileId: '7f9619ff-8b86-4011-b42d-00c04fc964ff', name: '换届大会.jpg', size: 40960, mime: 'image/jpeg' };
const REJECTED = {
  ...CHANGE,
  id: 3,
  state: 'rejected',
  stateLabel: '已驳回',
  decidedAt: '2026-11-10T02:00:00.000Z',
  reviewer: '审核员',
  reviewNote: '材料不全',
  files: [APPROVAL, PHOTO],
};
const SYS_USER = {
  uact: 'lhgh92001',
  empName: '长沙市高新区联合基层工会',
  uactLevel: 1,
  uniType: '92',
  uscc: null,
  regionCode: null,
  insured: true,
  accountStatus: 'active',
  parentUact: null,
  parentName: null,
  authState: null,
  notifyState: null,
  subordinateCount: 2,
  chairmanName: '周建国',
  contactName: null,
  contactPhone: null,
};

let pending: typeof CHANGE | null;

beforeEach(() => {
  pending = null;
  requests.call.mockReset().mockImplementation(async (call: { name: string }, payload: unknown) => {
    if (call.name === 'unionInfo')
      return {
        code: 0,
        data: { uact: 'lhgh92001', record: RECORD, approved: true, updatedAt: '2026-07-01T02:00:00.000Z', pending, lastRejected: null },
      };
    if (call.name === 'sysUserByUact') return { code: 0, data: SYS_USER };
    if (call.name === 'unionInfoSubmit') {
      pending = CHANGE;
      return { code: 0, data: CHANGE };
    }
    if (call.name === 'unionInfoWithdraw') {
      pending = null;
      return { code: 0, data: { ...CHANGE, state: 'withdrawn', stateLabel: '已撤回' } };
    }
    if (call.name === 'unionChangeList') return { code: 0, data: { list: [CHANGE, REJECTED], totlCnt: 2, pageNum: 1, pageSize: 10 } };
    if (call.name === 'unionChangeDetail') return { code: 0, data: (payload as { id: number }).id === 3 ? REJECTED : CHANGE };
    if (call.name === 'fileUpload') {
      const file = (payload as FormData).get('file') as File;
      return { code: 0, data: { fileId: APPROVAL.fileId, name: file.name, size: file.size } };
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('/uniInformationBase', () => {
  it('shows the approved record and the account line from getSysUserByUact', async () => {
    renderInShell(<UnionInfoPage />, { path: '/uniInformationBase' });
    expect((await screen.findByTestId('union-field-chairmanName')).textContent).toBe('周建国');
    expect(screen.getByTestId('union-field-employeeCount').textContent).toBe('1860 人');
    expect(screen.getByTestId('union-field-bankAccountNo').textContent).toBe('1901 0012 0920 0081 234');
    expect((await screen.findByTestId('union-account')).textContent).toContain('下属单位 2 个');
    expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'sysUserByUact' }), { uact: 'lhgh92001' }, { silent: true });
    expect(screen.queryByTestId('union-pending-banner')).toBeNull();
  });

  it('编辑 checks as the server does, then files a change; the banner shows it and 编辑 closes', async () => {
    renderInShell(<UnionInfoPage />, { path: '/uniInformationBase' });
    await screen.findByTestId('union-field-chairmanName');
    fireEvent.click(screen.getByTestId('union-edit'));
    const form = await screen.findByTestId('union-form');
    fireEvent.change(within(form).getByTestId('union-input-chairmanPhone'), { target: { value: '1380' } });
    fireEvent.change(within(form).getByTestId('union-input-chairmanName'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('union-submit'));
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    expect(await screen.findByText('请输入工会主席')).toBeTruthy();
    expect(requests.call.mock.calls.some(([c]) => c.name === 'unionInfoSubmit')).toBe(false);
    fireEvent.change(within(form).getByTestId('union-input-chairmanPhone'), { target: { value: '13907316699' } });
    fireEvent.change(within(form).getByTestId('union-input-chairmanName'), { target: { value: ' 邓志强 ' } });
    fireEvent.click(screen.getByTestId('union-submit'));
    await waitFor(() => expect(requests.call.mock.calls.some(([c]) => c.name === 'unionInfoSubmit')).toBe(true));
    const [, sent] = requests.call.mock.calls.find(([c]) => c.name === 'unionInfoSubmit')!;
    expect(sent).toMatchObject({ chairmanName: '邓志强', chairmanPhone: '13907316699', legalCertStart: '2022-04-01', employeeCount: 1860 });
    expect(sent.fileIds).toEqual([]);
    const banner = await screen.findByTestId('union-pending-banner');
    expect(banner.textContent).toContain('审核中');
    expect(banner.textContent).toContain('工会主席');
    expect((screen.getByTestId('union-edit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('证明材料', () => {
  it('the edit form uploads documents (the shared material types) and sends them with the change', async () => {
    renderInShell(<UnionInfoPage />, { path: '/uniInformationBase' });
    await screen.findByTestId('union-field-chairmanName');
    fireEvent.click(screen.getByTestId('union-edit'));
    const documents = await screen.findByTestId('union-documents');
    expect(documents.textContent).toContain('PDF、JPG、PNG 格式的扫描件或照片，每个文件不超过10MB');
    const input = documents.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.jpg,.jpeg,.png');
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], '选举批复.pdf', { type: 'application/pdf' })] } });
    expect(await within(documents).findByText('选举批复.pdf')).toBeTruthy();
    fireEvent.change(within(await screen.findByTestId('union-form')).getByTestId('union-input-chairmanName'), {
      target: { value: '邓志强' },
    });
    fireEvent.click(screen.getByTestId('union-submit'));
    await waitFor(() => expect(requests.call.mock.calls.some(([c]) => c.name === 'unionInfoSubmit')).toBe(true));
    const [, sent] = requests.call.mock.calls.find(([c]) => c.name === 'unionInfoSubmit')!;
    expect(sent.fileIds).toEqual([APPROVAL.fileId]);
  });

  it('refuses other types, empty and oversize files, and an eleventh before uploading', () => {
    expect(documentProblem({ name: '说明.docx', size: 10 }, 0)).toBe('申请材料仅限 PDF、JPG、PNG 格式的扫描件或照片');
    expect(documentProblem({ name: '批复.PDF', size: 10 }, 0)).toBeNull();
    expect(documentProblem({ name: '批复.pdf', size: 0 }, 0)).toBe('请选择要上传的文件');
    expect(documentProblem({ name: '批复.pdf', size: 10 * 1024 * 1024 + 1 }, 0)).toBe('文件大小不能超过10MB');
    expect(documentProblem({ name: '批复.pdf', size: 10 }, 10)).toBe('证明材料最多10个');
  });
});

describe('/uniInformationEdit', () => {
  it('lists a change’s documents and shows them in the page: an image inline, a PDF in a frame', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    files.fetchBlob.mockImplementation(async (_call: unknown, _body: unknown, type: string) => new Blob(['x'], { type }));
    renderInShell(<UnionChangesPage />, { path: '/uniInformationEdit' });
    const listed = await screen.findByTestId('change-files-3');
    expect(listed.textContent).toContain('选举批复.pdf');
    expect(listed.textContent).toContain('换届大会.jpg');
    fireEvent.click(screen.getByTestId('change-detail-3'));
    const drawer = await screen.findByTestId('change-drawer');
    const documents = within(drawer).getByTestId('change-documents');
    fireEvent.click(within(documents).getByRole('button', { name: '查看 换届大会.jpg' }));
    const image = (await screen.findByTestId('file-preview-image')) as HTMLImageElement;
    expect(image.src).toBe('blob:preview');
    expect(image.alt).toBe('换届大会.jpg');
    expect(files.fetchBlob).toHaveBeenCalledWith(expect.objectContaining({ name: 'fileDownload' }), { fileId: PHOTO.fileId }, 'image/jpeg');
    fireEvent.click(within(documents).getByRole('button', { name: '查看 选举批复.pdf' }));
    expect(((await screen.findByTestId('file-preview-pdf')) as HTMLIFrameElement).title).toBe('预览：选举批复.pdf');
  });

  it('lists the changes with before → after and opens the detail', async () => {
    renderInShell(<UnionChangesPage />, { path: '/uniInformationEdit?state=rejected' });
    expect(await screen.findByTestId('change-state-7')).toBeTruthy();
    expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'unionChangeList' }), {
      state: 'rejected',
      pageNum: 1,
      pageSize: 10,
    });
    const row = screen.getByTestId('change-state-3').closest('tr')!;
    expect(row.textContent).toContain('工会主席：周建国 → 邓志强');
    expect(row.textContent).toContain('材料不全');
    fireEvent.click(screen.getByTestId('change-detail-3'));
    const drawer = await screen.findByTestId('change-drawer');
    expect(within(drawer).getByText('审核员')).toBeTruthy();
    expect(within(drawer).getByTestId('change-fields').textContent).toContain('邓志强');
  });
});
