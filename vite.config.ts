import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { wordSetsPlugin } from './scripts/word-sets.ts';

export default defineConfig({
  plugins: [
    // The English words each first screen names ship with it; the rest load with later screens (ADR 0033).
    wordSetsPlugin({
      locale: 'locales/en.json',
      signInRoot: 'client/main.tsx',
      mainRoot: 'client/app/main-screen.tsx',
    }),
    react(),
    tailwindcss(),
    VitePWA({
      // Foray's own worker (client/service-worker/sw.ts, built to dist/client/sw.js): its tile caching depends
      // on each layer's terms, read from the config at run time, which generated rules cannot express (ADR 0009).
      strategies: 'injectManifest',
      srcDir: 'client/service-worker',
      filename: 'sw.ts',
      // client/lib/service-worker.ts registers /sw.js itself on page load: no workbox-window in the sign-in bundle.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Foray',
        short_name: 'Foray',
        description: 'Record where you found mushrooms and where you parked.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#166534',
        background_color: '#f7f5ef',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell the worker precaches; its caching rules are in client/service-worker/sw.ts.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // A classic script, not a module: every browser with service workers can run it.
        rollupFormat: 'iife',
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    // dist/client/.vite/manifest.json: lets scripts/bundle-size.ts read the exact import graph.
    manifest: true,
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
