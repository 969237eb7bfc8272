export { RegionSelect, default } from './RegionSelect';
export type { RegionSelectProps } from './RegionSelect';
