import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src-client',
  publicDir: '../public',
  plugins: [react()],
  // The manifest lets scripts/bundle-size.ts find each route's chunk and its static imports.
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
