export * from './common';
export * from './auth';
export * from './mail';
export * from './dict';
