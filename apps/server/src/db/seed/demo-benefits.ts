import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { addDays, chinaDay } from '@hall/shared';
import type { Clock } from '../../lib/clock';
import { payTreatments } from '../../modules/settlement/payout.service';
import { loadSettlements, SETTLEMENT_COLUMNS } from '../../modules/settlement/settlement.service';
import type { Db } from '../client';
import { DEMO_NEW_HIRES, DEMO_ROSTERS, demoCertNo, demoName } from './demo-staff';

/**
 * The demo city's settlements and treatments (issue 9), made the way the operator makes them:
 * the bureau's settlement files of three years loaded through the settlement service (which
 * computes the treatments by the banded rule), and payout batches through the payout service —
 * the two closed years paid, this year's first half paid, the rest pending. Among them: stays
 * below the deductible, one over the yearly cap, one in a waiting period, one reversed (冲销) and
 * one corrected lower after it was paid (both left as set-offs). Idempotent: the first file's
 * load row marks it done.
 */

export const DEMO_SETTLEMENT_FILE = (year: number) => `演示：市医保局医保结算${year}.csv`;
const OPERATOR = '演示数据';

const HOSPITALS: Array<[string, string]> = [
  ['中南大学湘雅医院', '三级'],
  ['中南大学湘雅二医院', '三级'],
  ['湖南省人民医院', '三级'],
  ['长沙市中心医院', '三级'],
  ['长沙市第一医院', '三级'],
  ['长沙市第三医院', '二级'],
  ['岳麓区人民医院', '二级'],
  ['芙蓉区东湖街道社区卫生服务中心', '一级'],
];
const DIAGNOSES: Array<[string, string, boolean]> = [
  ['K35.800', '急性阑尾炎', false],
  ['I21.900', '急性心肌梗死', false],
  ['J18.900', '肺炎', false],
  ['E11.900', '2型糖尿病', true],
  ['I63.900', '脑梗死', false],
  ['C34.900', '肺恶性肿瘤', true],
  ['K80.200', '胆囊结石', false],
  ['N20.000', '肾结石', false],
  ['S72.000', '股骨颈骨折', false],
  ['I10.X00', '高血压', true],
];
/** 政策范围内个人自付 (yuan): some under the ¥1,000 deductible, most in the first bands. */
const SELF_PAY = [620, 1480, 3260, 5840, 8900, 13_600, 2450, 4100, 960, 21_800];

interface Stay {
  no: string;
  i: number;
  admitted: string;
  discharged: string;
  selfPay: number;
  reversed?: boolean;
}

/** Every 15th person of each roster (new hires aside), one or two stays a year. */
function staysOf(year: number, lastDay: string): Stay[] {
  const out: Stay[] = [];
  for (const [uact, [from, to]] of Object.entries(DEMO_ROSTERS)) {
    const end = DEMO_NEW_HIRES[uact]?.[0] ?? to;
    for (let i = from; i < end; i += 15) {
      const count = 1 + ((i + year) % 3 === 0 ? 1 : 0);
      for (let n = 0; n < count; n++) {
        const admitted = addDays(`${year}-01-01`, 20 + ((i * 37 + n * 151 + year) % 320));
        const discharged = addDays(admitted, 2 + ((i + n) % 12));
        if (discharged > lastDay || discharged > `${year}-12-31`) continue;
        out.push({
          no: `${year}${String(i).padStart(5, '0')}${n}`,
          i,
          admitted,
          discharged,
          selfPay: SELF_PAY[(i * 7 + n * 3 + year) % SELF_PAY.length],
        });
      }
    }
  }
  return out;
}

function csvOf(stays: Stay[]): Buffer {
  const lines = [SETTLEMENT_COLUMNS.map((c) => c.header).join(',')];
  for (const s of stays) {
    const [hospital, level] = HOSPITALS[(s.i + s.admitted.charCodeAt(6)) % HOSPITALS.length];
    const [code, diagnosis, chronic] = DIAGNOSES[(s.i * 3 + Number(s.no.slice(-1))) % DIAGNOSES.length];
    const self = s.selfPay + (s.i % 100) / 100;
    const policy = self * 3.2;
    lines.push(
      [
        `YB${s.no}`,
        demoCertNo(s.i),
        demoName(s.i),
        hospital,
        level,
        chronic ? '门诊特殊病' : '住院',
        s.admitted,
        s.discharged,
        addDays(s.discharged, 1),
        (policy + 180 + (s.i % 7) * 35).toFixed(2),
        policy.toFixed(2),
        (policy - self).toFixed(2),
        self.toFixed(2),
        (180 + (s.i % 7) * 35).toFixed(2),
        code,
        diagnosis,
        s.reversed ? '是' : '否',
      ].join(','),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function seedDemoSettlements(db: Db, clock: Clock, city: string): Promise<boolean> {
  const now = clock.now();
  const Y = Number(chinaDay(now).slice(0, 4));
  const done = (await db.execute(sql`select 1 from settlement_loads where file_name = ${DEMO_SETTLEMENT_FILE(Y - 2)}`)) as unknown as {
    rows: unknown[];
  };
  if (done.rows.length) return false;
  const today = chinaDay(now);
  const lastDay = addDays(today, -7);
  /** The services at 10:00 Beijing on a day (never later than now). */
  const on = (day: string) => {
    const at = new Date(`${day < today ? day : today}T10:00:00+08:00`);
    return { db, clock: { now: () => (at < now ? at : now) }, config: { cityName: city } };
  };
  const load = (day: string, name: string, stays: Stay[]) =>
    loadSettlements(on(day), OPERATOR, { fileName: name, input: Readable.from([csvOf(stays)]) });
  const pay = (day: string, year: number) => payTreatments(on(day), OPERATOR, { year, paidOn: day < today ? day : today });

  // The closed years: loaded early the next year, paid in March.
  for (const year of [Y - 2, Y - 1]) {
    const stays = staysOf(year, lastDay);
    // Over the yearly cap (two shares: ¥60,000): one long stay of a person of qydw92101.
    if (year === Y - 1) stays.push({ no: `${year}CAP01`, i: 30, admitted: `${year}-05-06`, discharged: `${year}-06-18`, selfPay: 85_000 });
    await load(`${year + 1}-01-20`, DEMO_SETTLEMENT_FILE(year), stays);
    await pay(`${year + 1}-03-15`, year);
  }
  // This year: the first half loaded in July and paid in August, the rest loaded now and pending.
  const thisYear = staysOf(Y, lastDay);
  const firstHalf = thisYear.filter((s) => s.discharged <= `${Y}-06-30`);
  if (firstHalf.length) {
    await load(`${Y}-07-20`, DEMO_SETTLEMENT_FILE(Y), firstHalf);
    if (`${Y}-08-15` <= today) await pay(`${Y}-08-15`, Y);
  }
  const rest = thisYear.filter((s) => s.discharged > `${Y}-06-30`);
  // A new hire admitted before the waiting period ended (cover from September): nothing, with the reason.
  const hire = DEMO_NEW_HIRES.qydw92101[0] + 5;
  if (`${Y}-08-28` <= lastDay) rest.push({ no: `${Y}WAIT01`, i: hire, admitted: `${Y}-08-20`, discharged: `${Y}-08-28`, selfPay: 7_800 });
  // The bureau's later file reverses a stay paid last year and corrects one paid this year lower: set-offs.
  const reversed = staysOf(Y - 1, lastDay).find((s) => s.selfPay >= 5_000);
  if (reversed) rest.push({ ...reversed, reversed: true });
  const corrected = firstHalf.find((s) => s.selfPay >= 5_000);
  if (corrected) rest.push({ ...corrected, selfPay: Math.round(corrected.selfPay / 2) });
  await load(addDays(today, -3), `演示：市医保局医保结算${Y}（补充与更正）.csv`, rest);
  await closeDemoBatches(db);
  return true;
}

/**
 * The bank answered the demo's past batches long ago: every line still waiting is paid, on its
 * batch's day, and the batches are closed (the demo's payouts page starts with no batch 待银行回执).
 * Called by the seeds that make batches, once each.
 */
export async function closeDemoBatches(db: Db) {
  await db.execute(sql`update payouts o set outcome = 'paid', settled_at = o.created_at where o.outcome = 'sent'`);
  await db.execute(sql`update payout_batches set state = 'closed', paid_lines = lines, failed_lines = 0, closed_at = created_at
    where state = 'sent'`);
}
