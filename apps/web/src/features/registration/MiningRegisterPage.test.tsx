import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import MiningRegisterPage from './MiningRegisterPage';

// These tests submit again right after a refusal; the 2 s anti-double-click has its own tests (GuardedButton.test.tsx).
vi.mock('../../lib/click-guard', () => ({ useClickGuard: () => () => true }));

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
/** What each call answers (its data), by name; a test sets the check's. */
let answers: Record<string, () => unknown> = {};
const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => c.name === name).map(([, body]) => body);
vi.mock('../../lib/dict', () => ({ useDict: () => ({ entries: [{ value: '10', label: '企业' }], loading: false }) }));
vi.mock('../../components/region-select', () => ({
  RegionSelect: ({ value, onChange }: { value?: string; onChange?(v: string): void }) => (
    <input data-testid="region" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

/** Each captcha is new: c1, c2, … with an image naming it. */
const image = (id: string) => `data:image/svg+xml;utf8,<svg id="${id}"/>`;
beforeEach(() => {
  let n = 0;
  answers = {
    captcha: () => ({ captchaId: `c${++n}`, image: image(`c${n}`) }),
    fileUpload: () => ({ fileId: 'f-1', name: '授权委托书.pdf', size: 2048 }),
    biddingRegister: () => ({ empUact: 'zb_unit01' }),
    getPsnMobCode: () => null,
  };
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => ({ code: 0, data: answers[call.name]() }));
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const messageOf = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const captchaShown = (id: string) =>
  waitFor(() => expect(screen.getByTestId('bid-captcha-image').querySelector('img')?.getAttribute('src')).toBe(image(id)));
const page = () =>
  renderInShell(<MiningRegisterPage />, {
    path: '/mining-register',
    session: null,
    routes: [{ path: '/registerEnd', element: <div data-testid="done" /> }],
  });

const FIELDS = {
  empUact: 'zb_unit01',
  pwd: 'Hall@2026pw',
  confirmPassword: 'Hall@2026pw',
  empName: '长沙市星火科技有限公司',
  uscc: '91430104MA4L05911L',
  addrDetail: '麓谷大道 627 号',
  legentName: '陈立',
  entLegrepIdcard: '430104199302040000',
  legentTel: '13912345678',
};

async function fill() {
  for (const [name, value] of Object.entries(FIELDS)) type(`bid-${name}`, value);
  type('region', '430104');
  fireEvent.mouseDown(screen.getByTestId('bid-empType').querySelector('[role=combobox]')!);
  fireEvent.click(await screen.findByTitle('企业'));
  const input = document.querySelector<HTMLInputElement>('.auth-upload input[type=file]')!;
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], '授权委托书.pdf', { type: 'application/pdf' })] } });
  expect(await screen.findByTestId('auth-file')).toBeTruthy();
}

// The whole form, a select, an upload: on a busy machine a test takes tens of seconds.
describe('/mining-register', { timeout: 60_000 }, () => {
  it('a first registration goes with the captcha and asks for no phone code', async () => {
    answers.biddingCheckUnitInfo = () => ({ resubmit: false });
    page();
    await captchaShown('c1');
    await fill();
    fireEvent.click(screen.getByTestId('bid-submit'));
    await waitFor(() => expect(messageOf('bid-captcha')).toBe('请输入图形验证码'));
    expect(callsOf('biddingCheckUnitInfo')).toEqual([]);
    type('bid-captcha', ' k7p2 ');
    fireEvent.click(screen.getByTestId('bid-submit'));
    expect(await screen.findByTestId('done')).toBeTruthy();
    expect(callsOf('biddingCheckUnitInfo')).toEqual([{ empUact: 'zb_unit01', empName: FIELDS.empName, uscc: FIELDS.uscc }]);
    expect(callsOf('biddingRegister')[0]).toMatchObject({
      empUact: 'zb_unit01',
      authorization: 'f-1',
      captchaId: 'c1',
      captchaCode: 'k7p2',
      msgAuthCode: undefined,
    });
    expect(screen.queryByTestId('bid-resubmit')).toBeNull();
  });

  it('a rejected registration: the check says so, the page asks for the original phone code, then submits with it', async () => {
    answers.biddingCheckUnitInfo = () => ({ resubmit: true });
    page();
    await captchaShown('c1');
    await fill();
    type('bid-captcha', 'k7p2');
    fireEvent.click(screen.getByTestId('bid-submit'));
    expect((await screen.findByTestId('bid-resubmit')).textContent).toContain('需验证原申请时填写的法定代表人手机号码');
    expect(callsOf('biddingRegister')).toEqual([]); // nothing sent, the captcha not spent
    expect((screen.getByTestId('bid-captcha') as HTMLInputElement).value).toBe('k7p2');

    fireEvent.click(screen.getByTestId('bid-submit'));
    await waitFor(() => expect(messageOf('bid-resubmit-code')).toBe('请输入短信验证码'));
    expect(callsOf('biddingRegister')).toEqual([]);

    fireEvent.click(screen.getByTestId('bid-resubmit-send'));
    await waitFor(() =>
      expect(callsOf('getPsnMobCode')).toEqual([
        { certNo: 'zb_unit01', loginType: 'unit', purpose: 'register-resubmit', captchaId: 'c1', captchaCode: 'k7p2' },
      ]),
    );
    await captchaShown('c2');
    type('bid-resubmit-code', '246810');
    type('bid-captcha', 'm3q9');
    fireEvent.click(screen.getByTestId('bid-submit'));
    expect(await screen.findByTestId('done')).toBeTruthy();
    expect(callsOf('biddingRegister')[0]).toMatchObject({ captchaId: 'c2', captchaCode: 'm3q9', msgAuthCode: '246810' });
  });
});
