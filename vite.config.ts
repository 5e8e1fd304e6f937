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
    rolldownOptions: {
      output: {
        // TanStack Query and the data layer's core in one chunk: split along the lazy screens that use parts of
        // them, the pieces cost more in extra files than they save (the first route's budget, bench/bundle.ts).
        codeSplitting: {
          groups: [
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/]|src[\\/]client[\\/]lib[\\/](api|mutation|query)\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The Host header stays localhost:5173, so the API's Origin check sees a same-origin request.
    proxy: { '/api': { target: apiTarget } },
  },
});
