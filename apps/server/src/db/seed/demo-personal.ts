import { recomputePerson } from '../../modules/settlement/recompute.service';
import { sql } from 'drizzle-orm';
import { cityUnion, chinaDay } from '@hall/shared';
import { audit } from '../../lib/audit';
import { closeStaff, moveCoverages, openStaff } from '../../modules/transfer/transfer.repository';
import type { Db } from '../client';

/*
 * The demo of issue 10's personal slice (docs-personal.md P10): coverage transfers between units
 * in every state (one confirmed, so both units' /participation shows it), 异地就医备案 in every
 * state, and the bank card of the personal demo account 李华. Each record's moves are written to
 * the audit log as the services write them (the back office's 办理记录 reads them). Runs once:
 * only while both tables are empty.
 */

/** The demo reviewer who decided the demo's records (the operator rows of their history). */
const REVIEWER = { login: 'ops-review', name: '市总工会审核员' };

/**
 * The moves of a transfer in its final state, as the services write them: filed by the old unit,
 * then received, returned or withdrawn by a unit, then decided by the operator.
 */
function transferMoves(state: string, fromUact: string, toUact: string) {
  type Move = { kind: 'unit' | 'operator'; key: string; from: string | null; to: string };
  const unit = (key: string, from: string | null, to: string): Move => ({ kind: 'unit', key, from, to });
  const moves = [unit(fromUact, null, 'receiving')];
  if (state === 'cancelled') moves.push(unit(fromUact, 'receiving', 'cancelled'));
  if (state === 'returned') moves.push(unit(toUact, 'receiving', 'returned'));
  if (state === 'reviewing' || state === 'done') moves.push(unit(toUact, 'receiving', 'reviewing'));
  if (state === 'done') moves.push({ kind: 'operator' as const, key: REVIEWER.login, from: 'reviewing', to: 'done' });
  return moves;
}

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Staff of a unit covered in the period, not a demo login's person, first `n` by roster order. */
async function coveredStaff(db: Db, uact: string, periodId: number, n: number) {
  return rows(
    db,
    sql`select s.id as staff_id, s.person_id, s.unit_id, s.joined_on::text as joined_on from staff s join units u on u.id = s.unit_id
      where u.uact = ${uact} and s.left_on is null
        and exists (select 1 from coverages c where c.person_id = s.person_id and c.unit_id = s.unit_id and c.period_id = ${periodId})
        and not exists (select 1 from accounts a where a.person_id = s.person_id)
      order by s.id limit ${n}`,
  );
}

export async function seedDemoPersonal(db: Db, now: Date, city = '长沙市'): Promise<boolean> {
  const [any] = await rows(db, sql`select (select count(*) from coverage_transfers)::int + (select count(*) from place_filings)::int as n`);
  if (Number(any.n) > 0) return false;
  const today = chinaDay(now);
  const [period] = await rows(
    db,
    sql`select id, start_date::text as start_date from periods where start_date <= ${today}::date and end_date >= ${today}::date`,
  );
  if (!period) return false;
  const periodId = Number(period.id);
  const unitRows = await rows(db, sql`select id, uact from units where uact in ('qydw92101', 'dlgh99001', 'fhgh93101')`);
  const units = new Map(unitRows.map((u) => [String(u.uact), Number(u.id)]));
  const uactOf = new Map(unitRows.map((u) => [Number(u.id), String(u.uact)]));
  const a = await coveredStaff(db, 'qydw92101', periodId, 4);
  const d = await coveredStaff(db, 'dlgh99001', periodId, 2);
  const f = await coveredStaff(db, 'fhgh93101', periodId, 1);
  if (a.length < 4 || d.length < 2 || f.length < 1) return false;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const day = (daysAgo: number) => {
    const d0 = addDays(today, -daysAgo);
    return d0 > String(period.start_date) ? d0 : addDays(String(period.start_date), 1);
  };

  await db.transaction(async (tx) => {
    const plans: Array<{ who: Row; to: string; state: string; date: string; created: Date; reason?: string; back?: string }> = [
      { who: a[0], to: 'fhgh93101', state: 'done', date: day(20), created: at(30), reason: '工作调动' },
      { who: a[1], to: 'dlgh99001', state: 'reviewing', date: day(-7), created: at(3), reason: '工作调动' },
      { who: d[0], to: 'qydw92101', state: 'receiving', date: day(-10), created: at(1), reason: '借调转正式调入' },
      { who: a[2], to: 'fhgh93101', state: 'returned', date: day(5), created: at(12), back: '该职工尚未到本单位报到' },
      { who: f[0], to: 'qydw92101', state: 'cancelled', date: day(2), created: at(8), reason: '调动取消' },
    ];
    for (const p of plans) {
      const fromUnit = Number(p.who.unit_id);
      const toUnit = units.get(p.to)!;
      const date = p.date > String(p.who.joined_on) ? p.date : addDays(String(p.who.joined_on), 1);
      const [t] = await rows(
        tx,
        sql`insert into coverage_transfers (person_id, from_unit_id, to_unit_id, from_staff_id, transfer_date, period_id, state, reason, return_reason,
            created_at, received_at, decided_at, operator, updated_at)
          values (${p.who.person_id}, ${fromUnit}, ${toUnit}, ${p.who.staff_id}, ${date}, ${periodId}, ${p.state}, ${p.reason ?? null}, ${p.back ?? null},
            ${p.created}, ${p.state === 'done' || p.state === 'reviewing' ? new Date(p.created.getTime() + DAY_MS) : null},
            ${p.state === 'done' || p.state === 'returned' ? new Date(p.created.getTime() + 2 * DAY_MS) : null},
            ${p.state === 'done' ? REVIEWER.name : null}, ${p.created}) returning id`,
      );
      // One audit row a move, a day apart from the filing on (as received_at and decided_at).
      for (const [i, m] of transferMoves(p.state, uactOf.get(fromUnit)!, p.to).entries()) {
        const detail = {
          transfer: Number(t.id),
          from: m.from ?? undefined,
          to: m.to,
          operatorName: m.kind === 'operator' ? REVIEWER.name : undefined,
        };
        await audit(tx, new Date(p.created.getTime() + i * DAY_MS), {
          actorKind: m.kind,
          actorKey: m.key,
          action: m.kind === 'operator' ? 'operator' : 'transfer',
          detail,
        });
      }
      if (p.state === 'done') {
        const lastDay = addDays(date, -1);
        const closed = await closeStaff(tx, Number(p.who.staff_id), lastDay, now);
        const toStaffId = await openStaff(tx, toUnit, Number(p.who.person_id), closed!, date, now);
        const periods = await moveCoverages(
          tx,
          { id: Number(t.id), personId: Number(p.who.person_id), fromUnitId: fromUnit, toUnitId: toUnit, transferDate: date },
          lastDay,
        );
        // As the service does: later stays' treatments follow the cover to the new unit.
        for (const moved of periods) await recomputePerson(tx, now, cityUnion(city), moved, Number(p.who.person_id));
        await tx.execute(sql`update coverage_transfers set to_staff_id = ${toStaffId} where id = ${t.id}`);
      }
    }

    // 异地就医备案: 李华 (filed by herself, confirmed), a 星辰科技 worker (submitted), a 第一人民医院 worker (returned).
    const [lihua] = await rows(
      tx,
      sql`select p.id, p.cert_no, s.unit_id from persons p join staff s on s.person_id = p.id and s.left_on is null where p.cert_no = '430102198503150022'`,
    );
    const filings: Array<{
      person: unknown;
      unit: unknown;
      by: string;
      region: string;
      name: string;
      hospital: string;
      from: string;
      to: string;
      reason: string;
      state: string;
      back?: string;
    }> = [
      {
        person: a[3].person_id,
        unit: a[3].unit_id,
        by: 'unit',
        region: '310104',
        name: '上海市徐汇区',
        hospital: '复旦大学附属中山医院',
        from: addDays(today, 3),
        to: addDays(today, 60),
        reason: '转诊转院',
        state: 'submitted',
      },
      {
        person: d[1].person_id,
        unit: d[1].unit_id,
        by: 'unit',
        region: '110102',
        name: '北京市西城区',
        hospital: '首都医科大学宣武医院',
        from: addDays(today, -40),
        to: addDays(today, 20),
        reason: '转诊转院',
        state: 'returned',
        back: '备案医院名称与转诊单不一致，请核对后重新提交',
      },
    ];
    if (lihua)
      filings.unshift({
        person: lihua.id,
        unit: lihua.unit_id,
        by: 'personal',
        region: '440106',
        name: '广东省广州市天河区',
        hospital: '中山大学附属第一医院',
        from: addDays(today, -30),
        to: addDays(today, 90),
        reason: '异地工作',
        state: 'filed',
      });
    for (const x of filings) {
      const [filed] = await rows(
        tx,
        sql`insert into place_filings (person_id, unit_id, filed_by, region_code, region_name, hospital_name, from_date, to_date, reason, state,
          return_reason, operator, created_at, decided_at)
        values (${x.person}, ${x.unit}, ${x.by}, ${x.region}, ${x.name}, ${x.hospital}, ${x.from}, ${x.to}, ${x.reason}, ${x.state},
          ${x.back ?? null}, ${x.state === 'submitted' ? null : REVIEWER.name}, ${at(10)}, ${x.state === 'submitted' ? null : at(8)}) returning id`,
      );
      const filing = Number(filed.id);
      // Filed by the unit (its account) or the worker (the ID number is the login), then the operator's decision.
      const [unit] = await rows(tx, sql`select uact from units where id = ${x.unit}`);
      const filer =
        x.by === 'personal'
          ? { actorKind: 'personal' as const, actorKey: String(lihua?.cert_no) }
          : { actorKind: 'unit' as const, actorKey: String(unit.uact) };
      await audit(tx, at(10), { ...filer, action: 'place-filing', detail: { filing, to: 'submitted' } });
      if (x.state !== 'submitted')
        await audit(tx, at(8), {
          actorKind: 'operator',
          actorKey: REVIEWER.login,
          action: 'operator',
          detail: { filing, to: x.state, operatorName: REVIEWER.name },
        });
    }

    // The personal demo account's card, for a full /personalInformationBase.
    await tx.execute(sql`update persons set bank_name = coalesce(bank_name, '中国建设银行长沙芙蓉支行'), bank_card = coalesce(bank_card, '6217002920101234567')
      where cert_no = '430102198503150022'`);
  });
  return true;
}
