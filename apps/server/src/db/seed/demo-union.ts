import { and, eq, sql } from 'drizzle-orm';
import { cityUnion, UNION_INFO_FIELDS, type UnionInfoField, type UnionInfoValue } from '@hall/shared';
import type { Db } from '../client';
import { accounts, unionInfoChanges, unionInfos, units } from '../schema';

/**
 * The demo unions' information (基层工会信息, issue 10): an approved record for each level-1 union
 * with plausible 长沙 data, one earlier approved change and one recent rejected change, so
 * /uniInformationBase and /uniInformationEdit show rows (and the rejection a to-do) on the first
 * start. Idempotent: a union that has change records is left alone.
 */

type Values = Partial<Record<UnionInfoField, UnionInfoValue>>;

interface DemoUnion {
  uact: string;
  record: (name: string, city: string) => Values;
  /** The approved change: what it changed from (its after values are the record's). */
  approvedFrom: Values;
  approvedDaysAgo: number;
  rejected: Values;
  rejectedNote: string;
  rejectedDaysAgo: number;
}

const DEMO: DemoUnion[] = [
  {
    uact: 'lhgh92001',
    record: (name) => ({
      uniName: name,
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
      address: '麓谷大道658号麓谷信息港A座5楼',
      postcode: '410205',
      contactName: '陈敏',
      contactPhone: '0731-88901234',
      parentUnion: '长沙高新技术产业开发区总工会',
      bankName: '中国工商银行长沙麓谷支行',
      bankAccountName: name,
      bankAccountNo: '1901001209200081234',
    }),
    approvedFrom: { contactName: '刘婷', contactPhone: '0731-88900001' },
    approvedDaysAgo: 126,
    rejected: { chairmanName: '李卫东', chairmanPhone: '13907316688' },
    rejectedNote: '请上传会员代表大会换届选举结果的批复文件后重新提交',
    rejectedDaysAgo: 6,
  },
  {
    uact: 'hygh93001',
    record: (name, city) => ({
      uniName: name,
      legalCertNo: '工法证字第43010002号',
      legalCertStart: '2021-07-01',
      legalCertEnd: '2026-06-30',
      legalName: '王立新',
      chairmanName: '王立新',
      chairmanPhone: '13807312001',
      chairmanTermStart: '2021-07-01',
      chairmanTermEnd: '2026-06-30',
      foundedOn: '2008-05-12',
      employeeCount: 5620,
      femaleCount: 1210,
      memberCount: 5480,
      regionCode: '430102',
      address: '五一大道766号建设大厦12楼',
      postcode: '410011',
      contactName: '赵磊',
      contactPhone: '0731-84412345',
      parentUnion: cityUnion(city),
      bankName: '中国建设银行长沙芙蓉支行',
      bankAccountName: name,
      bankAccountNo: '43050170360000123456',
    }),
    approvedFrom: { address: '韶山北路159号', postcode: '410005' },
    approvedDaysAgo: 210,
    rejected: { bankName: '中国建设银行长沙五一支行', bankAccountNo: '43050170360000654321' },
    rejectedNote: '开户许可证复印件与所填银行账号不一致，请核对',
    rejectedDaysAgo: 12,
  },
  {
    uact: 'dlgh99001',
    record: (name) => ({
      uniName: name,
      legalCertNo: '工法证字第43010003号',
      legalCertStart: '2023-01-01',
      legalCertEnd: '2027-12-31',
      legalName: '黄志明',
      chairmanName: '黄志明',
      chairmanPhone: '13807313001',
      chairmanTermStart: '2023-01-01',
      chairmanTermEnd: '2027-12-31',
      foundedOn: '1998-10-20',
      employeeCount: 2350,
      femaleCount: 1580,
      memberCount: 2330,
      regionCode: '430105',
      address: '营盘路70号',
      postcode: '410005',
      contactName: '孙丽',
      contactPhone: '0731-85678123',
      parentUnion: '长沙市卫生健康委员会工会',
      bankName: '长沙银行开福支行',
      bankAccountName: name,
      bankAccountNo: '800012345678901',
    }),
    approvedFrom: { employeeCount: 2210, femaleCount: 1490, memberCount: 2180 },
    approvedDaysAgo: 75,
    rejected: { uniName: '长沙市第一医院工会委员会' },
    rejectedNote: '工会名称须与工会法人资格证书一致',
    rejectedDaysAgo: 3,
  },
];

const REVIEWER = '市总工会审核员';
const daysAgo = (now: Date, days: number, hour = 10) => new Date(now.getTime() - days * 86_400_000 - (10 - hour) * 3_600_000);

export async function seedDemoUnionInfo(db: Db, now: Date, city: string) {
  for (const demo of DEMO) {
    const [unit] = await db
      .select({ id: units.id, name: units.empName, uscc: units.uscc, accountId: accounts.id })
      .from(units)
      .innerJoin(accounts, and(eq(accounts.unitId, units.id), eq(accounts.loginType, 'unit')))
      .where(eq(units.uact, demo.uact));
    if (!unit) continue;
    const [seen] = await db.select({ n: sql<number>`count(*)::int` }).from(unionInfoChanges).where(eq(unionInfoChanges.unitId, unit.id));
    if ((seen?.n ?? 0) > 0) continue;
    const record: Values = { ...demo.record(unit.name, city), uscc: unit.uscc };
    const pick = (keys: Values) => Object.fromEntries(Object.keys(keys).map((k) => [k, record[k as UnionInfoField] ?? null]));
    await db.transaction(async (tx) => {
      const approvedAt = daysAgo(now, demo.approvedDaysAgo);
      const [approved] = await tx
        .insert(unionInfoChanges)
        .values({
          unitId: unit.id,
          state: 'approved',
          before: demo.approvedFrom,
          after: pick(demo.approvedFrom),
          submittedBy: unit.accountId,
          submitter: demo.uact,
          submittedAt: approvedAt,
          decidedAt: daysAgo(now, demo.approvedDaysAgo - 2, 15),
          reviewer: REVIEWER,
          reviewNote: '材料齐全，予以变更',
        })
        .returning({ id: unionInfoChanges.id });
      await tx.insert(unionInfoChanges).values({
        unitId: unit.id,
        state: 'rejected',
        before: pick(demo.rejected),
        after: demo.rejected,
        submittedBy: unit.accountId,
        submitter: demo.uact,
        submittedAt: daysAgo(now, demo.rejectedDaysAgo),
        decidedAt: daysAgo(now, demo.rejectedDaysAgo - 1, 16),
        reviewer: REVIEWER,
        reviewNote: demo.rejectedNote,
      });
      const values = Object.fromEntries(UNION_INFO_FIELDS.map((f) => [f, record[f] ?? null]));
      await tx
        .insert(unionInfos)
        .values({ ...values, unitId: unit.id, changeId: approved!.id, updatedAt: daysAgo(now, demo.approvedDaysAgo - 2, 15) });
    });
  }
}
