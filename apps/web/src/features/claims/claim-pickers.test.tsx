import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { personalSession, renderInShell } from '../../test/render';
import { ClaimForm } from './components/ClaimForm';

/*
 * The claim form's pickers search as typing pauses, with fake timers (no waiting): one request per
 * pause, not per key; while the answer for what is typed now is pending they say 正在查找…, never
 * an earlier term's list; an earlier term's request is cancelled and its late answer never shows.
 */

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));

interface Sent {
  name: string;
  payload: Record<string, unknown>;
  signal?: AbortSignal;
  answer(data: unknown): void;
}
let sent: Sent[];

const staff = (staffId: number, name: string) => ({
  staffId,
  name,
  certNo: `4301**********00${staffId}`,
  gender: '1',
  psnType: '1',
  covers: [{ year: 2026, products: ['01'] }],
  bankName: null,
  bankCard: null,
});
const page = (list: unknown[]) => ({ list, totlCnt: list.length, pageNum: 1, pageSize: 20 });
const lung = {
  code: 'C34',
  name: '肺恶性肿瘤',
  chapter: '肿瘤',
  aliases: ['肺癌', '支气管肺癌'],
  listEntry: '恶性肿瘤',
};

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  // Every call waits for the test to answer it (answer()), as a slow server would.
  requests.call.mockReset().mockImplementation(
    (call: { name: string }, payload: Record<string, unknown>, config?: { signal?: AbortSignal }) =>
      new Promise((resolve) => {
        sent.push({ name: call.name, payload, signal: config?.signal, answer: (data) => resolve({ code: 0, data }) });
      }),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const sentOf = (name: string) => sent.filter((s) => s.name === name);
/**
 * Lets `ms` pass on the fake clock in steps of 20 ms, each in its own act(): React renders (and
 * its effects start their timers) between the steps, as it would while time passes.
 */
async function pass(ms: number) {
  for (let left = ms; ; left -= 20) {
    await act(() => vi.advanceTimersByTimeAsync(Math.max(0, Math.min(20, left))));
    if (left <= 20) return;
  }
}
const answer = async (request: Sent, data: unknown) => {
  await act(async () => request.answer(data));
  await pass(0);
};
const searchBox = (testId: string) => within(screen.getByTestId(testId)).getByRole('combobox');
const type = (testId: string, text: string) => fireEvent.change(searchBox(testId), { target: { value: text } });
/** The options in the dropdown of one picker (its listbox is the one its search box controls). */
const shownOptions = (testId: string) => {
  const listbox = document.getElementById(searchBox(testId).getAttribute('aria-controls') ?? '');
  const dropdown = listbox?.closest('.ant-select-dropdown');
  return [...(dropdown?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.textContent);
};

describe('the staff picker (unit)', () => {
  const open = async () => {
    renderInShell(<ClaimForm filer="unit" claimId={null} onDone={() => {}} />, { path: '/subsidy-application' });
    await pass(0);
    // Opened before typing: the unit's first staff.
    expect(sentOf('claimStaffOptions').map((s) => s.payload.keyword)).toEqual([undefined]);
    await answer(sentOf('claimStaffOptions')[0], page([staff(31, '钱军'), staff(32, '孙丽')]));
    fireEvent.mouseDown(searchBox('claim-staff'));
    await pass(0);
    expect(shownOptions('claim-staff')).toEqual(['钱军（4301**********0031）', '孙丽（4301**********0032）']);
  };

  it('sends one request for five characters typed quickly, and shows 正在查找… meanwhile, not the unfiltered list', async () => {
    await open();
    for (const text of ['4', '43', '430', '4301', '43010']) {
      type('claim-staff', text);
      await pass(80);
      expect(shownOptions('claim-staff')).toEqual([]);
      expect(screen.getByTestId('claim-staff-searching').textContent).toContain('正在查找…');
    }
    expect(sentOf('claimStaffOptions')).toHaveLength(1);
    await pass(300);
    expect(sentOf('claimStaffOptions').map((s) => s.payload.keyword)).toEqual([undefined, '43010']);
    // Still pending: still searching, still not the first list.
    expect(shownOptions('claim-staff')).toEqual([]);
    await answer(sentOf('claimStaffOptions')[1], page([staff(33, '周芳')]));
    expect(shownOptions('claim-staff')).toEqual(['周芳（4301**********0033）']);
    expect(screen.queryByTestId('claim-staff-searching')).toBeNull();
  });

  it('cancels the request of a term left behind, and its late answer never replaces the newer one', async () => {
    await open();
    type('claim-staff', '钱');
    await pass(300);
    const early = sentOf('claimStaffOptions')[1];
    expect(early.payload.keyword).toBe('钱');
    type('claim-staff', '孙');
    await pass(300);
    const late = sentOf('claimStaffOptions')[2];
    expect(late.payload.keyword).toBe('孙');
    expect(early.signal?.aborted).toBe(true);
    expect(late.signal?.aborted).toBe(false);
    await answer(late, page([staff(32, '孙丽')]));
    expect(shownOptions('claim-staff')).toEqual(['孙丽（4301**********0032）']);
    await answer(early, page([staff(31, '钱军')]));
    await pass(1000);
    expect(shownOptions('claim-staff')).toEqual(['孙丽（4301**********0032）']);
  });

  it('keeps the chosen name on the field when the next search does not list them', async () => {
    await open();
    fireEvent.click(screen.getByTitle('钱军（4301**********0031）'));
    await pass(0);
    fireEvent.mouseDown(searchBox('claim-staff'));
    type('claim-staff', '孙');
    await pass(300);
    await answer(sentOf('claimStaffOptions')[1], page([staff(32, '孙丽')]));
    fireEvent.keyDown(searchBox('claim-staff'), { key: 'Escape' });
    fireEvent.blur(searchBox('claim-staff'));
    await pass(300);
    expect(within(screen.getByTestId('claim-staff')).getByText('钱军（4301**********0031）')).toBeTruthy();
  });
});

describe('the diagnosis picker (重大疾病)', () => {
  it('finds 肺恶性肿瘤 for 肺 in the catalogue within the list, shown as code · name（chapter）, and saves its code and name', async () => {
    renderInShell(<ClaimForm filer="personal" claimId={null} onDone={() => {}} />, {
      path: '/subsidy-application-personal',
      session: personalSession,
    });
    await pass(0);
    fireEvent.mouseDown(searchBox('claim-type'));
    await pass(0);
    fireEvent.click(screen.getByTitle('重大疾病补助'));
    await pass(0);
    const opened = sentOf('diagnosisSearch');
    expect(opened.map((s) => s.payload)).toEqual([{ keyword: '', list: 'major_disease' }]);
    await answer(opened[0], { list: [] });

    fireEvent.mouseDown(searchBox('claim-diagnosis'));
    type('claim-diagnosis', '肺');
    await pass(299);
    expect(sentOf('diagnosisSearch')).toHaveLength(1);
    await pass(1);
    const search = sentOf('diagnosisSearch')[1];
    expect(search.payload).toEqual({ keyword: '肺', list: 'major_disease' });
    await answer(search, { list: [lung] });
    expect(shownOptions('claim-diagnosis')).toEqual(['C34 · 肺恶性肿瘤（肿瘤）又称 肺癌、支气管肺癌；属 恶性肿瘤']);

    fireEvent.click(screen.getByTitle('C34 · 肺恶性肿瘤（肿瘤）'));
    // The form's preview asks once the fields have settled (400 ms).
    await pass(500);
    const preview = sentOf('claimPreviewPersonal').at(-1);
    expect(preview?.payload).toMatchObject({ type: 'major_disease', diagnosisCode: 'C34', diagnosisName: '肺恶性肿瘤' });
  });
});

describe('the diagnosis of the other stay types (住院生活补助)', () => {
  it('suggests catalogue diagnoses as the name is typed; a suggestion fills the name and the ICD-10 code', async () => {
    renderInShell(<ClaimForm filer="personal" claimId={null} onDone={() => {}} />, {
      path: '/subsidy-application-personal',
      session: personalSession,
    });
    await pass(0);
    fireEvent.mouseDown(searchBox('claim-type'));
    await pass(0);
    fireEvent.click(screen.getByTitle('住院生活补助'));
    await pass(0);
    expect(sentOf('diagnosisSearch')).toEqual([]); // nothing typed, no list: no call
    type('claim-diagnosis-name', '胆');
    await pass(300);
    const search = sentOf('diagnosisSearch');
    expect(search.map((s) => s.payload)).toEqual([{ keyword: '胆' }]);
    await answer(search[0], {
      list: [{ code: 'K80', name: '胆石病', chapter: '消化系统疾病', aliases: ['胆结石', '胆囊结石'], listEntry: null }],
    });
    expect(shownOptions('claim-diagnosis-name')).toEqual(['K80 · 胆石病（消化系统疾病）又称 胆结石、胆囊结石']);
    fireEvent.click(screen.getByText('K80 · 胆石病（消化系统疾病）'));
    await pass(500);
    expect(sentOf('claimPreviewPersonal').at(-1)?.payload).toMatchObject({
      type: 'hospital_allowance',
      diagnosisCode: 'K80',
      diagnosisName: '胆石病',
    });
  });
});
