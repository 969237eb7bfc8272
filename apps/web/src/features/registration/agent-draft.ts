import { create } from 'zustand';

/** What the agent form holds (dates as YYYY-MM-DD). */
export interface AgentDraftValues {
  opterTel?: string;
  msgAuthCode?: string;
  pwd?: string;
  confirmPassword?: string;
  certType?: string;
  certno?: string;
  certificateStartDate?: string;
  certificateEndDate?: string;
  /** 长期: the certificate has no end date. */
  forever?: boolean;
  empOpterName?: string;
  /** The image captcha's answer (single use: never worth keeping, but part of the form). */
  captchaCode?: string;
}

interface AgentDraftState {
  /** Which registration the hub shows: the choice cards, or the agent form opened. */
  agentOpen: boolean;
  values: AgentDraftValues;
  /** End of the SMS countdown (epoch ms). */
  codeUntil: number | null;
  /** Where the last code went (masked). */
  codeSentTo: string | null;
  set(patch: Partial<Omit<AgentDraftState, 'set' | 'clear'>>): void;
  clear(): void;
}

/**
 * The half-filled agent form of /unit-register (keepAlive, R22). Public pages sit outside the
 * layout's <Activity> keep-alive, so the page keeps its state here instead: in memory only,
 * for the life of the tab's page (nothing of it, passwords least, goes to storage), and
 * cleared after a successful registration.
 */
export const useAgentDraft = create<AgentDraftState>((set) => ({
  agentOpen: false,
  values: {},
  codeUntil: null,
  codeSentTo: null,
  set: (patch) => set(patch),
  clear: () => set({ values: {}, codeUntil: null, codeSentTo: null }),
}));
