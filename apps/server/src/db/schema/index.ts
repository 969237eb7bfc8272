/** All tables, one file per domain; drizzle-kit reads the files listed in drizzle.config.ts. */
export * from './platform';
export * from './public-area';
export * from './enrolment';
export * from './benefits';
export * from './union';
export * from './personal';
export * from './features';
export * from './money';
export * from './reports';
