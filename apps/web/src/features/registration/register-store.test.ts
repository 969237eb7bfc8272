import { beforeEach, describe, expect, it } from 'vitest';
import { accountStepReady, REGISTER_STORAGE_KEY, useRegisterStore, type AccountStep } from './register-store';

const account: AccountStep = {
  empUact: 'xinghuo_01',
  pwd: 'Hall@2026pw',
  confirmPassword: 'Hall@2026pw',
  parentUact: 'lhgh92001',
  parentName: '长沙市高新区联合基层工会',
};
const stored = () => JSON.parse(sessionStorage.getItem(REGISTER_STORAGE_KEY) ?? 'null')?.state;

beforeEach(() => useRegisterStore.getState().reset());

describe('the registration step store', () => {
  it('keeps both steps in session storage, but never the passwords', () => {
    useRegisterStore.getState().saveAccount(account);
    useRegisterStore.getState().saveUnit({ empName: '长沙市星火科技有限公司', uscc: '91430104MA4L05911L' });
    expect(useRegisterStore.getState().account).toEqual(account); // in memory: all of it
    expect(stored().account).toEqual({ ...account, pwd: '', confirmPassword: '' });
    expect(stored().unit).toEqual({ empName: '长沙市星火科技有限公司', uscc: '91430104MA4L05911L' });
    expect(JSON.stringify(stored())).not.toContain('Hall@2026pw');
  });

  it('after a reload the account step comes back without its passwords, so it is not ready', async () => {
    useRegisterStore.getState().saveAccount(account);
    const saved = sessionStorage.getItem(REGISTER_STORAGE_KEY)!;
    useRegisterStore.setState({ account: null }); // what a new page starts with…
    sessionStorage.setItem(REGISTER_STORAGE_KEY, saved); // …with the tab's storage
    await useRegisterStore.persist.rehydrate();
    const restored = useRegisterStore.getState().account;
    expect(restored).toEqual({ ...account, pwd: '', confirmPassword: '' });
    expect(accountStepReady(restored)).toBe(false);
  });

  it('a rehydration in the same page keeps the passwords it holds', async () => {
    useRegisterStore.getState().saveAccount(account);
    await useRegisterStore.persist.rehydrate();
    expect(accountStepReady(useRegisterStore.getState().account)).toBe(true);
  });

  it('finishing forgets the form and remembers the submitted account', () => {
    useRegisterStore.getState().saveAccount(account);
    useRegisterStore.getState().saveUnit({ empName: 'x' });
    useRegisterStore.getState().finish('xinghuo_01');
    expect(useRegisterStore.getState()).toMatchObject({ account: null, unit: null, submitted: 'xinghuo_01' });
    expect(stored()).toEqual({ account: null, unit: null, submitted: 'xinghuo_01' });
  });

  it('step 1 is ready only with account, both passwords and the union', () => {
    expect(accountStepReady(null)).toBe(false);
    expect(accountStepReady(account)).toBe(true);
    expect(accountStepReady({ ...account, parentUact: '' })).toBe(false);
    expect(accountStepReady({ ...account, confirmPassword: '' })).toBe(false);
  });
});
