// Shared with the console's tests (packages/client).
export { onScreenWidth } from '@hall/client/test/screen.ts';
