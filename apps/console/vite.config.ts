import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// The portal's build steps, reused: contracts reach the bundle as their wire only, and the
// served files are precompressed the same way (the server picks .br/.gz for both apps).
import { contractWires } from '../web/scripts/contract-wires.mjs';
import { precompress } from '../web/scripts/precompress.mjs';

// The city reaches the title through the build-time env, as in the portal.
process.env.VITE_CITY_NAME ||= '长沙市';

const apiTarget = process.env.HALL_API_TARGET || 'http://127.0.0.1:8080';

const precompressDist = (): Plugin => {
  let outDir = '';
  return {
    name: 'hall-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: { order: 'post', handler: () => void precompress(outDir) },
  };
};

/** The back office (issue 19): its own bundle under /console/, never part of the portal's. */
export default defineConfig({
  base: '/console/',
  plugins: [react(), contractWires(), precompressDist()],
  server: { port: 5174, proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
