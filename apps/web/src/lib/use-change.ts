// The mutation kit serves the portal and the console alike (packages/client).
export { useChange } from '@hall/client/use-change.ts';
