import { ApiPath, BenefitPath, CLAIM_TYPES, open } from '@hall/shared';
import { expect } from '@playwright/test';
import { simplePdf } from '../../apps/server/src/db/seed/pdf';
import { apiPost, baseUrl, loginElsewhere } from './api';
import { daysBefore, serverToday } from './ops';
import { DisplayName } from './portal';

export interface Stay {
  /** Days before the server's today: admitted, discharged. */
  admittedDaysAgo: number;
  dischargedDaysAgo: number;
  hospitalName: string;
  diagnosisName: string;
  bankCard: string;
}

/**
 * A 住院生活补助 of `worker` filed by `unit` through the portal's API (a session of its own), with a
 * PDF scan for each required attachment, and submitted. Answers the unit's token, the claim's id,
 * number and state after submitting.
 */
export async function submitHospitalClaim(unit: string, worker: string, stay: Stay, label: string) {
  const token = (await loginElsewhere('unit', unit)).data.accessToken as string;
  const options = await apiPost(BenefitPath.claimStaffOptions, { keyword: DisplayName[worker], pageNum: 1, pageSize: 10 }, token);
  expect(options.code, options.message).toBe(0);
  const staffId = options.data.list.find((s: { name: string }) => s.name === DisplayName[worker]).staffId;
  const today = await serverToday();
  const saved = await apiPost(
    BenefitPath.claimSave,
    {
      type: 'hospital_allowance',
      staffId,
      admittedOn: daysBefore(today, stay.admittedDaysAgo),
      dischargedOn: daysBefore(today, stay.dischargedDaysAgo),
      hospitalName: stay.hospitalName,
      diagnosisName: stay.diagnosisName,
      bankName: '长沙银行',
      bankCard: stay.bankCard,
    },
    token,
  );
  expect(saved.code, saved.message).toBe(0);
  const id = saved.data.claim.id as number;
  const pdf = simplePdf('Scan', [label]);
  for (const kind of CLAIM_TYPES.hospital_allowance.required) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${kind}.pdf`);
    const res = await fetch(`${baseUrl}/api${ApiPath.fileUpload}`, { method: 'POST', headers: { authorization: token }, body: form });
    const body = (await res.json()) as { code: number; data: string };
    expect(body.code).toBe(0);
    const fileId = (open(body.data) as { fileId: string }).fileId;
    const attached = await apiPost(BenefitPath.claimAttach, { claimId: id, kind, fileId }, token);
    expect(attached.code, attached.message).toBe(0);
  }
  const submitted = await apiPost(BenefitPath.claimSubmit, { id }, token);
  expect(submitted.code, submitted.message).toBe(0);
  return { token, id, claimNo: submitted.data.claim.claimNo as string, state: submitted.data.claim.state as string };
}
