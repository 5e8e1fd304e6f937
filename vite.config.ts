import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5000}`;

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/client'),
  publicDir: path.resolve(import.meta.dirname, 'src/client/public'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiTarget,
        // The API checks Origin on state-changing requests: present the proxied request as its own.
        configure: (proxy) => proxy.on('proxyReq', (req) => req.setHeader('origin', apiTarget)),
      },
    },
  },
});
