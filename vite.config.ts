import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LANGUAGES } from './src/shared/languages.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5000}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: path.resolve(import.meta.dirname, 'src/client'),
  // The page frames' renderer needs none of the files served as they are.
  publicDir: isSsrBuild ? false : path.resolve(import.meta.dirname, 'src/client/public'),
  plugins: [
    react(),
    languageFonts(),
    tailwindcss(),
    ...(isSsrBuild
      ? []
      : [
          // Installable, and readable without a connection: the manifest, and the service worker built from
          // src/client/service-worker/sw.ts with the list of files to keep (decision 015).
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'service-worker',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: {
              id: '/',
              name: 'Mentor Me',
              short_name: 'Mentor Me',
              description:
                'Ask questions, chat with mentors and find help in Australia, in English or Vietnamese. Hỏi đáp, trò chuyện với người hướng dẫn và tìm hỗ trợ tại Úc.',
              lang: 'en',
              start_url: '/',
              scope: '/',
              display: 'standalone',
              background_color: '#ffffff',
              theme_color: '#0c4a6e',
              icons: [
                { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
                { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
                { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
              ],
            },
            injectManifest: {
              // The manifest and its icons are added by the plugin, the tab's icon here. The admin screens are not kept:
              // they need a connection.
              globPatterns: ['**/*.{js,css,html,svg}', 'icons/favicon-48.png'],
              globIgnores: ['**/admin-*.js'],
            },
          }),
        ]),
  ],
  build: isSsrBuild
    ? {
        // The page frames' renderer (src/client/frame.tsx), run by the server at start.
        outDir: path.resolve(import.meta.dirname, 'dist/frame'),
        emptyOutDir: true,
        target: 'node20',
      }
    : {
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
    // The Host header stays localhost:5173, so the API's Origin check sees a same-origin request. The realtime
    // socket (`/ws`, `/ws/public`) goes to the server too: without it no live update reaches the page in dev.
    proxy: {
      '/api': { target: apiTarget },
      '^/ws(/|$)': { target: apiTarget, ws: true },
    },
  },
}));

/**
 * Each language's fonts (shared/languages.ts) in the stylesheet, for its pages only (`:lang()`): the system's fonts
 * for its script, so nothing is downloaded and nothing shifts when it comes.
 */
function languageFonts(): Plugin {
  return {
    name: 'language-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/client/styles.css')) return undefined;
      const rules = LANGUAGES.flatMap((entry) =>
        'fonts' in entry ? [`:lang(${entry.code}) { font-family: ${entry.fonts}; }`] : [],
      );
      return `${code}\n@layer base {\n${rules.join('\n')}\n}\n`;
    },
  };
}
