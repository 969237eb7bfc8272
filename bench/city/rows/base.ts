/**
 * What the rows of every table are made from: the run's context, the counts that follow from the
 * shape, and who is where (each person's unit, union and application), all functions of an index.
 */
import type { CityShape } from '../shape';

export interface CityIds {
  unit: number;
  account: number;
  person: number;
  staff: number;
  application: number;
  payment: number;
  line: number;
  coverage: number;
  batch: number;
  settlement: number;
  treatment: number;
  claim: number;
  mail: number;
}

export interface CityContext {
  shape: CityShape;
  today: Date;
  year: number;
  periodId: number;
  /** The first id of each table's generated rows. */
  base: CityIds;
  heavy: { id: number; uact: string; parentId: number };
  passwordHash: string;
}

export const pad = (n: number, w: number) => String(n).padStart(w, '0');
export const at = (day: string, time = '09:30:00') => `${day} ${time}+08`;

export class CityBase {
  readonly units: number;
  readonly staffedEnterprises: number;
  readonly applications: number;
  /** Today's day of the year (0: 1 January), for dates spread up to today. */
  readonly todayNo: number;

  constructor(readonly c: CityContext) {
    const s = c.shape;
    this.units = s.unions + s.enterprises;
    this.staffedEnterprises = Math.min(s.enterprises, s.persons - s.heavyStaff);
    this.applications = 1 + this.staffedEnterprises;
    this.todayNo = Math.floor((c.today.getTime() - Date.UTC(c.year, 0, 1)) / 86_400_000);
  }

  // ---- who is where -------------------------------------------------------------------------

  unitId = (u: number) => this.c.base.unit + u;
  uactOf = (u: number) => (u < this.c.shape.unions ? `csgh${pad(u, 6)}` : `csdw${pad(u - this.c.shape.unions, 6)}`);
  /** Union index of enterprise e and whether it is a 92 union (its enterprises' applications and claims go to it). */
  unionOf = (e: number) => e % this.c.shape.unions;
  is92 = (union: number) => union % 2 === 0;
  /** Enterprise index of person p, or -1 for the demo unit qydw92101. */
  enterpriseOf = (p: number) => (p < this.c.shape.heavyStaff ? -1 : (p - this.c.shape.heavyStaff) % this.c.shape.enterprises);
  unitOfPerson = (p: number) => {
    const e = this.enterpriseOf(p);
    return e < 0 ? this.c.heavy.id : this.unitId(this.c.shape.unions + e);
  };
  /** The 92 union that reviews person p's unit, or null. */
  reviewUnitOf = (p: number) => {
    const e = this.enterpriseOf(p);
    if (e < 0) return this.c.heavy.parentId;
    const union = this.unionOf(e);
    return this.is92(union) ? this.unitId(union) : null;
  };
  applicationOf = (p: number) => this.c.base.application + 1 + this.enterpriseOf(p);
  /** Staff of application a (0: the demo unit's, 1 + e: enterprise e's). */
  headcountOf = (a: number) => {
    const s = this.c.shape;
    if (a === 0) return s.heavyStaff;
    const e = a - 1;
    return Math.floor((s.persons - s.heavyStaff - 1 - e) / s.enterprises) + 1;
  };
}
