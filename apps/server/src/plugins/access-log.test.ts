import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@hall/shared';
import { DEMO_PERSONS } from '../db/seed/demo-data';
import { createTestHall, type TestHall } from '../test/harness';

/**
 * The access log (app.ts): one line per answer with the route's pattern, never the URL, and no ID
 * number or phone anywhere in the log, whatever a caller puts in the path, the query or the body
 * (security baseline: logs never hold ID numbers, phones or SQL parameters).
 */
const lines: Record<string, unknown>[] = [];
let raw = '';
let hall: TestHall;
const person = DEMO_PERSONS[0];

beforeAll(async () => {
  hall = await createTestHall(
    { LOG_LEVEL: 'info' },
    {
      logStream: {
        write(line: string) {
          raw += line;
          lines.push(JSON.parse(line));
        },
      },
    },
  );
});
afterAll(() => hall.close());

const answered = () => lines.filter((l) => l.msg === 'answered');

describe('the access log', () => {
  it('writes one line per answer with the route pattern, the status and the time, not the URL', async () => {
    const before = answered().length;
    await hall.get(ApiPath.captcha, undefined, { certNo: person.certNo, phone: person.phone });
    const [line, ...more] = answered().slice(before);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ method: 'GET', route: expect.stringContaining(ApiPath.captcha), status: 200 });
    expect(typeof line.ms).toBe('number');
    expect(line).not.toHaveProperty('url');
    expect(line).not.toHaveProperty('req');
  });

  it('names an unknown route (unknown), so an ID number in a path stays out', async () => {
    const before = answered().length;
    const res = await hall.app.inject({ method: 'GET', url: `/api/person/${person.certNo}?phone=${person.phone}` });
    expect(res.statusCode).toBe(404);
    expect(answered().slice(before)).toEqual([expect.objectContaining({ route: '(unknown)', status: 404 })]);
  });

  it('holds no ID number or phone after logins, a wrong password and a refused call', async () => {
    await hall.loginPersonal(person.certNo);
    await hall.loginPersonal(person.certNo, 'Wrong@2026');
    await hall.post(ApiPath.unitLogin, { uact: person.certNo, password: person.phone, captchaId: 'x', captchaCode: person.phone });
    expect(answered().length).toBeGreaterThanOrEqual(5);
    expect(raw).not.toContain(person.certNo);
    expect(raw).not.toContain(person.phone);
  });
});
