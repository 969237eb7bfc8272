/**
 * The calls the load benchmark drives (issue 11 item 3), each a sealed POST of the portal with a
 * fixed body: the bodies are sealed once (AES-ECB is deterministic, so the same body is what the
 * portal would send), and the server opens, checks and answers each one in full.
 */
import { ApiPath, BenefitPath } from '@hall/shared';

export interface Subject {
  /** The unit the calls are made for (the one with the most staff). */
  uact: string;
  /** Its number of staff rows, to reach its deepest page. */
  staff: number;
  /** The year its treatments and payables are in. */
  year: number;
}

export interface LoadCall {
  name: string;
  path: string;
  body: (s: Subject) => unknown;
  /** Reads a page or figures (the ratio target of issue 11 applies to these). */
  list: boolean;
}

export const LOAD_CALLS: LoadCall[] = [
  { name: 'unread count', path: ApiPath.mailPage, list: true, body: (s) => ({ readFlag: '0', uact: s.uact, pageNum: 1, pageSize: 1 }) },
  { name: 'mail page', path: ApiPath.mailPage, list: true, body: (s) => ({ uact: s.uact, pageNum: 1, pageSize: 10 }) },
  { name: 'staff first page', path: ApiPath.staffPage, list: true, body: () => ({ pageNum: 1, pageSize: 10 }) },
  {
    // The deepest page the list serves by offset (PAGE_NUM_MAX: 500 pages from an end; a roster over
    // the count cap is read from the newest end only).
    name: 'staff deep page',
    path: ApiPath.staffPage,
    list: true,
    body: (s) => ({ pageNum: Math.min(500, Math.max(1, Math.ceil(s.staff / 10))), pageSize: 10 }),
  },
  {
    name: 'treatments filtered',
    path: BenefitPath.treatmentPage,
    list: true,
    body: (s) => ({ year: s.year, state: 'paid', pageNum: 1, pageSize: 10, withTotals: true }),
  },
  { name: 'participation totals', path: ApiPath.joinMedSituationTotal, list: true, body: (s) => ({ year: s.year }) },
  { name: 'home figures', path: ApiPath.homeFigures, list: true, body: () => ({}) },
  { name: 'home treatments by year', path: ApiPath.treatDataYear, list: true, body: () => ({}) },
  { name: 'notice list', path: ApiPath.noticePage, list: true, body: () => ({ pageNum: 1, pageSize: 10 }) },
];
