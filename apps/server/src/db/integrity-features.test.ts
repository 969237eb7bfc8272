/**
 * The constraints of the feature tables (migration 0008, schema/features.ts): every foreign key
 * refuses an orphan, every CHECK a bad value, and the unique indexes a second rating of a service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ManualClock } from '../lib/clock';
import { MemoryFileStore } from '../lib/storage';
import { makeClaim } from '../test/benefit-fixtures';
import { createTestDatabase } from '../test/database';
import { makeApplication } from '../test/payable-fixtures';
import { refusal, rows } from '../test/refusal';
import type { Database } from './client';
import { FEATURE_TABLES } from './schema/features';
import { seedDemo } from './seed/demo';
import { seedDictionaries } from './seed/dictionaries';

let db: Database;
let app: number;
let claim: number;
let person: number;
let unit: number;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDictionaries(db.db);
  await seedDemo(db.db, new ManualClock(), '长沙市', new MemoryFileStore());
  const [p] = await rows(db.db, sql`select min(id) as id from persons`);
  person = Number(p.id);
  const [u] = await rows(db.db, sql`select id from units where uact = 'qydw92101'`);
  unit = Number(u.id);
  app = await makeApplication(db.db, { uact: 'qydw92101', year: 2026, state: 'paid', lines: [] });
  claim = await makeClaim(db.db, { personId: person, uact: 'qydw92101', year: 2026, type: 'hardship', state: 'paid', amountFen: 1 });
});
afterAll(async () => {
  await db?.close();
});

function rating(v: {
  kind?: string;
  app?: number | null;
  claim?: number | null;
  unit?: number | null;
  person?: number | null;
  rating?: number;
  reason?: string | null;
  comment?: string;
}): SQL {
  const kind = v.kind ?? 'application';
  return sql`insert into evaluations (kind, application_id, claim_id, unit_id, person_id, rating, comment, reason, created_at)
    values (${kind}, ${v.app === undefined ? (kind === 'application' ? app : null) : v.app}, ${v.claim === undefined ? (kind === 'claim' ? claim : null) : v.claim},
      ${v.unit === undefined ? (kind === 'application' ? unit : null) : v.unit}, ${v.person === undefined ? (kind === 'claim' ? person : null) : v.person},
      ${v.rating ?? 5}, ${v.comment ?? null}, ${v.reason === undefined ? null : v.reason}, now())`;
}

describe('feature tables', () => {
  it('are the tables of the schema file', async () => {
    const names = await rows(
      db.db,
      sql`select tablename from pg_tables where schemaname = 'public' and tablename in ('feature_flags', 'evaluations')`,
    );
    expect(names.map((r) => r.tablename).sort()).toEqual([...FEATURE_TABLES].sort());
  });

  it('refuse orphans', async () => {
    const orphans: Array<[string, SQL]> = [
      ['evaluations_application_id_applications_id_fk', rating({ app: 999999 })],
      ['evaluations_claim_id_claims_id_fk', rating({ kind: 'claim', claim: 999999 })],
      ['evaluations_unit_id_units_id_fk', rating({ unit: 999999 })],
      ['evaluations_person_id_persons_id_fk', rating({ kind: 'claim', person: 999999 })],
    ];
    for (const [constraint, query] of orphans) expect(await refusal(db.db, query), constraint).toEqual({ code: '23503', constraint });
  });

  it('refuse bad values', async () => {
    const bad: Array<[string, SQL]> = [
      [
        'feature_flags_name_check',
        sql`insert into feature_flags (name, enabled, updated_at, updated_by) values ('other', true, now(), 'op')`,
      ],
      ['evaluations_kind_check', rating({ kind: 'other', app: app, unit })],
      ['evaluations_target_check', rating({ claim })],
      ['evaluations_target_check', rating({ kind: 'claim', unit })],
      ['evaluations_rating_check', rating({ rating: 6 })],
      ['evaluations_rating_check', rating({ rating: 0, reason: 'x' })],
      ['evaluations_reason_check', rating({ rating: 2 })],
      ['evaluations_reason_check', rating({ rating: 1, reason: '  ' })],
      ['evaluations_text_check', rating({ comment: 'x'.repeat(501) })],
    ];
    for (const [constraint, query] of bad) expect(await refusal(db.db, query), constraint).toEqual({ code: '23514', constraint });
  });

  it('hold one rating per service', async () => {
    expect(await refusal(db.db, rating({}))).toBeNull();
    expect(await refusal(db.db, rating({ rating: 3 }))).toEqual({ code: '23505', constraint: 'evaluations_application_key' });
    expect(await refusal(db.db, rating({ kind: 'claim', rating: 2, reason: '慢' }))).toBeNull();
    expect(await refusal(db.db, rating({ kind: 'claim' }))).toEqual({ code: '23505', constraint: 'evaluations_claim_key' });
  });
});
