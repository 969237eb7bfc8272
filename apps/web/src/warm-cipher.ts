/**
 * The envelope's cipher, imported by src/boot.ts in a task of its own before the app: @noble/ciphers
 * builds its AES tables as its module runs (a tenth of the app's start-up on a phone), and that
 * task would otherwise be part of the one long task that runs the app's modules. It lands in the
 * cipher's chunk (vite.config.ts, cipher-vendor), so this import fetches nothing more.
 */
export { ecb } from '@noble/ciphers/aes.js';
