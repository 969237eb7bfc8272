import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The city reaches the page title through the build-time env (index.html %VITE_CITY_NAME%
// and import.meta.env); a default here keeps a bare `vite build` correct.
process.env.VITE_CITY_NAME ||= '长沙市';

const apiTarget = process.env.HALL_API_TARGET || 'http://127.0.0.1:8080';

/**
 * Vendor groups that change rarely get their own chunks so a redeploy of the portal code keeps
 * them cached. antd is NOT one big group: the gateway needs only its form pieces, the layout its
 * menu pieces, and automatic splitting keeps each route's share small (bundle budget, R6).
 */
const vendorGroups = [
  { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router-vendor', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 25 },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
