import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import { homeCalls } from '@hall/shared/contracts/home.ts';
import { mailCalls } from '@hall/shared/contracts/mail.ts';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import { todoCalls } from '@hall/shared/contracts/todo.ts';
import { unionCalls } from '@hall/shared/contracts/union.ts';
import { calls } from '@hall/shared/contracts/index.ts';
import { staffCalls } from '@hall/shared/contracts/staff.ts';
import { claimCalls } from '@hall/shared/contracts/claims.ts';
import { participationCalls } from '@hall/shared/contracts/participation.ts';
import { payableCalls } from '@hall/shared/contracts/payable.ts';
import { treatmentCalls } from '@hall/shared/contracts/treatment.ts';
import { featureCalls } from '@hall/shared/contracts/features.ts';
import type { Call } from '@hall/shared/contracts/define.ts';
import { layoutRoutes, transferRoutes, type PageRoute } from './routes';

/**
 * Every web call comes from a contract, one recipe per call: the fetcher, its query key and its
 * hook live in `features/<f>/api/` (or lib/ for the cross-cutting ones: dictionaries), and take
 * method, path, sealing and types from `@hall/shared/contracts/<domain>.ts`. No page or component
 * calls the low-level client itself.
 */
const SRC = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
const sources = files(SRC).map((path) => ({ file: relative(SRC, path).split(sep).join('/'), text: readFileSync(path, 'utf8') }));
const importsOf = (text: string) =>
  [...text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)].map((m) => ({ typeOnly: !!m[1], from: m[2] }));

/** Where the low-level client (lib/request, lib/download, axios) may be imported. */
const MAY_CALL = (file: string) => file.startsWith('lib/') || /^features\/[^/]+\/api\//.test(file) || file === 'main.tsx';

describe('web calls', () => {
  it('no page or component imports the request client, the downloader or axios', () => {
    const offenders = sources
      .filter(({ file }) => !MAY_CALL(file))
      .filter(({ text }) =>
        importsOf(text).some(({ typeOnly, from }) => !typeOnly && (/lib\/(request|download)$/.test(from) || from === 'axios')),
      )
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('no fetcher names a path of its own: paths come from the contracts', () => {
    const offenders = sources.filter(({ file, text }) => MAY_CALL(file) && /@hall\/shared\/paths/.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('the portal takes contracts from their domain modules only (its build keeps their wire part: no zod in its bundle)', () => {
    const offenders = sources.flatMap(({ file, text }) =>
      importsOf(text)
        .filter(
          ({ typeOnly, from }) =>
            !typeOnly &&
            (from === '@hall/shared' ||
              /^@hall\/shared\/contracts\/(index|answers)\.ts$/.test(from) ||
              /^@hall\/shared\/(schemas\/|paths\.ts)/.test(from)),
        )
        .map(({ from }) => `${file}: ${from}`),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * The calls each needInsured page makes: they must be needInsured in their contract, so the
 * server refuses them too (the page's empty state is only the portal's side). The pages are
 * placeholders today; a business issue that adds a page's call lists it here and flips the flag.
 * Calls made on every page (the header's unread count, user info) are not a page's.
 */
const NEED_INSURED_PAGE_CALLS: Record<string, readonly Call[]> = {
  '/Home': [homeCalls.treatDataYear, homeCalls.subsidyFrequencyAmount, homeCalls.homeFigures],
  '/basic-management': [],
  // periodList (any logged-in user: /apply-examine reads it too) and the blank template are not needInsured.
  '/apply-query': [
    enrolmentCalls.applyList,
    enrolmentCalls.applyDetail,
    enrolmentCalls.applyCreate,
    enrolmentCalls.applyStaffOptions,
    enrolmentCalls.applyAddLines,
    enrolmentCalls.applyRemoveLines,
    enrolmentCalls.applySubmit,
    enrolmentCalls.applyCancel,
    enrolmentCalls.applyImport,
    enrolmentCalls.applyImportConfirm,
    enrolmentCalls.applyImportErrors,
  ],
  // The notice is printed through /print from /payment.
  '/payment': [payableCalls.payableList, payableCalls.paymentNotice],
  // 批量减员 (flag batch) like 减员. The import progress serves every staged import, an uninsured
  // union's import of its units too, so it is open to any unit.
  '/mutual-aid-staff-management': [
    ...Object.values(staffCalls).filter((c) => c !== staffCalls.staffImportProgress),
    featureCalls.staffBatchLeave,
  ],
  '/subsidy-application': [
    claimCalls.claimStaffOptions,
    claimCalls.claimPreview,
    claimCalls.claimSave,
    claimCalls.claimSubmit,
    claimCalls.claimDelete,
    claimCalls.claimAttach,
    claimCalls.claimDetach,
    claimCalls.claimList,
    claimCalls.claimDetail,
    claimCalls.claimUnitApprove,
    claimCalls.claimUnitReturn,
  ],
  // Its list and detail are the worker's record query's (not needInsured: that page is not).
  '/subsidy-application-personal': [
    claimCalls.claimPreviewPersonal,
    claimCalls.claimSavePersonal,
    claimCalls.claimSubmitPersonal,
    claimCalls.claimDeletePersonal,
    claimCalls.claimAttachPersonal,
    claimCalls.claimDetachPersonal,
  ],
  '/mutual-aid-treatment-query': [treatmentCalls.treatmentPage, treatmentCalls.treatmentDetail, treatmentCalls.treatmentExport],
  '/subsidy-record-query': [claimCalls.claimList, claimCalls.claimDetail, claimCalls.claimExport],
  '/participation': [
    participationCalls.joinMedSituationTotal,
    participationCalls.joinMedSituationList,
    participationCalls.joinMedSituationExport,
  ],
};

/**
 * Pages an uninsured unit or person can read (docs/decisions.md, "Uninsured users read their own"; spec §2 lists /mail and /to-list as
 * needing insurance, issue 17 decides they do not), and the calls they make, which must answer an
 * uninsured caller too.
 */
const OPEN_TO_UNINSURED: Record<string, readonly Call[]> = {
  '/mail': Object.values(mailCalls),
  '/to-list': Object.values(todoCalls),
  '/personalInformationBase': Object.values(personalCalls).filter((c) => c.access === 'personal'),
  '/uniInformationBase': Object.values(unionCalls).filter((c) => c.access === 'unit'),
  '/uniInformationEdit': Object.values(unionCalls).filter((c) => c.access === 'unit'),
};

describe('needInsured pages and calls', () => {
  const pages: readonly PageRoute[] = [...layoutRoutes, ...transferRoutes];

  it('mail, to-do, personal and union information are readable without insurance, page and calls', () => {
    for (const [path, list] of Object.entries(OPEN_TO_UNINSURED)) {
      expect(pages.find((p) => p.path === path)?.meta.needInsured, path).toBeFalsy();
      expect(list.length, path).toBeGreaterThan(0);
      for (const call of list) expect(call.needInsured, `${path}: ${call.name}`).toBe(false);
    }
  });

  it('every needInsured page is listed with its calls, and only those', () => {
    expect(
      pages
        .filter((p) => p.meta.needInsured)
        .map((p) => p.path)
        .sort(),
    ).toEqual(Object.keys(NEED_INSURED_PAGE_CALLS).sort());
  });

  it('every call of a needInsured page is needInsured in its contract', () => {
    for (const [page, list] of Object.entries(NEED_INSURED_PAGE_CALLS)) {
      for (const call of list) expect(call.needInsured, `${page}: ${call.name}`).toBe(true);
    }
  });

  it('every needInsured contract belongs to some needInsured page', () => {
    const listed = new Set(
      Object.values(NEED_INSURED_PAGE_CALLS)
        .flat()
        .map((c) => c.name),
    );
    const flagged = (Object.values(calls) as Call[]).filter((c) => c.needInsured).map((c) => c.name);
    expect(flagged.filter((name) => !listed.has(name))).toEqual([]);
  });
});
