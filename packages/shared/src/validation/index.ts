/** Validation rules of spec §5 (R35-R46): pure, framework-free, shared by the web portal and the server. */
export * from './messages';
export * from './text';
export * from './account';
export * from './contact';
export * from './idCard';
export * from './certificates';
export * from './uscc';
export * from './dates';
