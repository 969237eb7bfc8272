export * from './envelope/index';
export * from './envelope/vectors';
export * from './codes/index';
export * from './constants';
export * from './schemas/index';
export * from './validation/index';
export * from './paths';
