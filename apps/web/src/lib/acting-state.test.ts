import { afterEach, describe, expect, it } from 'vitest';
import { ACTING_FOR_HEADER } from '@hall/shared/org/index.ts';
import { actingFor, actingHeadersOf, setActingFor } from './acting-state';
import { clearSession, saveSession } from './storage';

const pair = { accessToken: 'a.b.c', refreshToken: 'r' };
const signInAs = (uact: string, uniType = '93') =>
  saveSession({ loginType: 'unit', unit: { uact, psnName: uact, uactLevel: 1, uniType } }, pair);

describe('代分会办理 (acting for a released branch)', () => {
  afterEach(() => {
    setActingFor(null);
    clearSession();
  });

  it('names the branch on the unit-business calls only', () => {
    signInAs('hygh93001');
    setActingFor('fhgh93102');
    expect(actingFor()).toBe('fhgh93102');
    expect(actingHeadersOf('applyCreate')).toEqual({ [ACTING_FOR_HEADER]: 'fhgh93102' });
    expect(actingHeadersOf('staffPage')).toEqual({ [ACTING_FOR_HEADER]: 'fhgh93102' });
    expect(actingHeadersOf('mailPage')).toEqual({});
    expect(actingHeadersOf('uactRelevQueryList')).toEqual({});
    expect(actingHeadersOf(undefined)).toEqual({});
  });

  it('belongs to the union that chose it: another login in the tab acts as itself', () => {
    signInAs('hygh93001');
    setActingFor('fhgh93102');
    signInAs('fhgh93101');
    expect(actingFor()).toBeNull();
    expect(actingHeadersOf('applyCreate')).toEqual({});
  });

  it('back to 本单位: no header', () => {
    signInAs('hygh93001');
    setActingFor('fhgh93102');
    setActingFor(null);
    expect(actingHeadersOf('applyCreate')).toEqual({});
  });
});
