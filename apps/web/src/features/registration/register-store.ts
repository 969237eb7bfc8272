import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Step 1 of the unit registration (/register): the account and the union it registers under. */
export interface AccountStep {
  empUact: string;
  pwd: string;
  confirmPassword: string;
  parentUact: string;
  /** Shown again on step 2 and the receipt; not sent. */
  parentName: string;
  /** The account is a rejected registration: step 2 asks for the original applicant's SMS code. */
  resubmit?: boolean;
}

/** Step 2 (/registerNext): the unit and its legal representative. */
export interface UnitStep {
  empName: string;
  empNo?: string;
  uscc: string;
  bizreglic?: string;
  taxRegNo?: string;
  legentTel: string;
  /** Region code of the address (RegionSelect) and the rest of the address. */
  regionCode?: string;
  addrDetail?: string;
  legentName: string;
  certType: string;
  entLegrepIdcard: string;
}

interface RegisterState {
  account: AccountStep | null;
  unit: Partial<UnitStep> | null;
  /** The account of the last submitted registration (for /registerEnd and /print). */
  submitted: string | null;
  saveAccount(account: AccountStep): void;
  saveUnit(unit: Partial<UnitStep>): void;
  /** After a successful submission: the form data goes, the account stays for the result page. */
  finish(empUact: string): void;
  reset(): void;
}

export const REGISTER_STORAGE_KEY = 'hall-unit-register';

/**
 * The entered data of the two steps, kept while the visitor moves between /register and
 * /registerNext (and across a reload of the tab). It lives in session storage like the other
 * stores, except for the two password fields: those stay in memory only, so after a reload
 * step 1 asks for the password again rather than keeping it readable in storage.
 */
export const useRegisterStore = create<RegisterState>()(
  persist(
    (set) => ({
      account: null,
      unit: null,
      submitted: null,
      saveAccount: (account) => set({ account }),
      saveUnit: (unit) => set({ unit }),
      finish: (empUact) => set({ account: null, unit: null, submitted: empUact }),
      reset: () => set({ account: null, unit: null, submitted: null }),
    }),
    {
      name: REGISTER_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({
        account: state.account ? { ...state.account, pwd: '', confirmPassword: '' } : null,
        unit: state.unit && unitDraft(state.unit),
        submitted: state.submitted,
      }),
      // A reloaded tab keeps the in-memory passwords it still has (none after a real reload).
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<RegisterState>;
        const account = stored.account
          ? { ...stored.account, pwd: current.account?.pwd ?? '', confirmPassword: current.account?.confirmPassword ?? '' }
          : current.account;
        return { ...current, ...stored, account };
      },
    },
  ),
);

/** The step-2 values to keep: everything but a password typed again after a reload. */
export function unitDraft(
  values: Partial<UnitStep> & { pwd?: unknown; confirmPassword?: unknown; captchaCode?: unknown; msgAuthCode?: unknown },
): Partial<UnitStep> {
  // Passwords are never stored; a captcha answer or an SMS code is single use, not worth keeping.
  const { pwd: _pwd, confirmPassword: _confirm, captchaCode: _captcha, msgAuthCode: _code, ...draft } = values;
  return draft;
}

/** Step 1 is complete (with its passwords in memory): step 2 may be shown. */
export const accountStepReady = (account: AccountStep | null): account is AccountStep =>
  Boolean(account?.empUact && account.pwd && account.confirmPassword && account.parentUact);
