import { type CallName, calls } from './contracts/index';

/**
 * Every call's path by its name, relative to the base path (default /api): an index read from
 * the contracts (contracts/<domain>.ts), where each path is written once, inside its call. Tests,
 * the end-to-end support and the bench address routes through it.
 */
export const ApiPath = Object.fromEntries(Object.values(calls).map((call) => [call.name, call.path])) as {
  readonly [K in CallName]: string;
};

/*
 * The names the paths had when they were listed by area (spec §7 calls, operator API, benefits,
 * union, organisation, personal, features): the same index, kept so their readers stay as written.
 */
export const OpsPath = ApiPath;
export const BenefitPath = ApiPath;
export const UnionPath = ApiPath;
export const OrgPath = ApiPath;
export const PersonalPath = ApiPath;
export const FeaturePath = ApiPath;
export const OpsFeaturePath = ApiPath;
