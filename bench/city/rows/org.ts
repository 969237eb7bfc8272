/** Units with their login accounts, persons, and their staff rows. */
import { line } from '../copy';
import { assertValid, birthDateOf, certNoOf, genderOf, nameOf, usccOf } from '../shape';
import { at, type CityBase, pad } from './base';

export const unitColumns = [
  'id',
  'uact',
  'emp_name',
  'uscc',
  'level',
  'uni_type',
  'parent_id',
  'region_code',
  'insured',
  'auth_state',
  'notify_state',
  'legal_name',
  'legal_mobile',
  'contact_tel',
  'address',
  'info_complete',
  'created_at',
];
export const unitRow = (city: CityBase, u: number) => {
  const s = city.c.shape;
  const union = u < s.unions;
  const e = u - s.unions;
  const uscc = usccOf(u, union);
  if (u % 997 === 0) assertValid(null, uscc, city.c.today);
  const parent = union ? null : city.unionOf(e);
  const name = union
    ? `长沙市${city.is92(u) ? '联合基层' : '行业'}工会第${u + 1}号`
    : e % 10 === 9
      ? `长沙市第${e + 1}号企业分工会`
      : `长沙市城市${e + 1}号有限公司`;
  return line([
    city.unitId(u),
    city.uactOf(u),
    name,
    uscc,
    union ? 1 : 2,
    union ? (city.is92(u) ? '92' : '93') : null,
    parent === null ? null : city.unitId(parent),
    '430100',
    true,
    parent !== null && !city.is92(parent) ? '1' : null,
    parent !== null && city.is92(parent) ? ['0', '1', '3', '3'][e % 4] : null,
    nameOf(u),
    `139${pad(u % 100_000_000, 8)}`,
    `0731-8${pad(u % 10_000_000, 7)}`,
    `长沙市岳麓区城市路${u + 1}号`,
    true,
    at(`${city.c.year - 3}-03-01`),
  ]);
};

export const accountColumns = ['id', 'login_type', 'login_name', 'unit_id', 'password_hash', 'status', 'created_at'];
export const accountRow = (city: CityBase, u: number) =>
  line([city.c.base.account + u, 'unit', city.uactOf(u), city.unitId(u), city.c.passwordHash, 'active', at(`${city.c.year - 3}-03-01`)]);

export const personColumns = ['id', 'cert_type', 'cert_no', 'name', 'gender', 'birth_date', 'phone', 'insured', 'created_at'];
export const personRow = (city: CityBase, p: number) => {
  const certNo = certNoOf(p);
  if (p % 101 === 0) assertValid(certNo, null, city.c.today);
  return line([
    city.c.base.person + p,
    '01',
    certNo,
    nameOf(p),
    genderOf(certNo),
    birthDateOf(certNo),
    `13${pad(p % 1_000_000_000, 9)}`,
    true,
    at(`${city.c.year - 2}-06-01`),
  ]);
};

export const staffColumns = [
  'id',
  'unit_id',
  'person_id',
  'psn_type',
  'phone',
  'joined_on',
  'left_on',
  'leave_reason',
  'created_at',
  'updated_at',
];
export const staffRow = (city: CityBase, p: number) => {
  const left = p % 25 === 24;
  const joined = `${2010 + (p % 15)}-${pad(1 + (p % 12), 2)}-01`;
  return line([
    city.c.base.staff + p,
    city.unitOfPerson(p),
    city.c.base.person + p,
    p % 97 === 5 ? '4' : p % 20 === 3 ? '2' : '1',
    `13${pad(p % 1_000_000_000, 9)}`,
    joined,
    left ? `${city.c.year}-06-30` : null,
    left ? '离职' : null,
    at(`${city.c.year - 2}-06-01`),
    at(left ? `${city.c.year}-06-30` : `${city.c.year - 2}-06-01`),
  ]);
};
