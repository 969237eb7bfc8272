import type { Db } from '../../db/client';
import * as repo from './transition.repository';

/**
 * The one way a subordinate's state changes (docs/decisions.md, "Subordinate states by allowed
 * moves"): a 92 union's enterprise's notification state (0 未通知, 1 已通知, 2 已撤销申报,
 * 3 已申报) and a 93 union's branch's authorization state (1 已授权, 2 解除授权). Each move an
 * atomic update of the rows still in its from-states, in the caller's transaction; the caller
 * audits and mails.
 */
/** The states each column may reach. */
interface Targets {
  notifyState: '1' | '2' | '3';
  authState: '1' | '2';
}

/** Each target with the states it is reached from. */
const MOVES: { [C in keyof Targets]: Record<Targets[C], readonly string[]> } = {
  notifyState: { '1': ['0', '2'], '2': ['3'], '3': ['0', '1', '2'] },
  authState: { '1': ['2'], '2': ['1'] },
};

export interface SubordinateMove<C extends keyof Targets> {
  column: C;
  of: repo.Subordinates;
  to: Targets[C];
}

/** Moves the units still in a state `to` is reached from; answers those moved. */
export function moveSubordinates<C extends keyof Targets>(db: Db, m: SubordinateMove<C>) {
  const from: readonly string[] = (MOVES[m.column] as Record<string, readonly string[]>)[m.to];
  return repo.moveUnits(db, m.column, m.of, from, m.to);
}

/**
 * An enterprise's notification state follows its enrolment application (called by the enrolment
 * transition, in its transaction): submitted → '3' 已申报; a declared one withdrawn → '2' 已撤销申报.
 * Units without a notification state (not a 92 union's) are left alone.
 */
export async function followApplication(db: Db, unitId: number, to: string) {
  if (to === 'submitted') await moveSubordinates(db, { column: 'notifyState', of: { ids: [unitId] }, to: '3' });
  else if (to === 'cancelled') await moveSubordinates(db, { column: 'notifyState', of: { ids: [unitId] }, to: '2' });
}
