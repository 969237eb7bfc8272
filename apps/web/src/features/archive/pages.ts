/**
 * Both 互助档案 pages in one lazy chunk, loaded through one import() of the route table (each
 * import() call site there adds its list of chunks to the first screen's bundle).
 */
export { default as ArchivePersonalPage } from './ArchivePersonalPage';
export { default as ArchiveUnitPage } from './ArchiveUnitPage';
export { default as ArchivePrintPage } from './ArchivePrintPage';
