import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [react(), tailwindcss()],
  // The server's renderer of the public pages (web/src/entry-server.tsx, docs/decisions/160-pages-painted-on-the-server.md)
  // carries its packages: the server loads one folder, whatever the install pruned.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        minify: true,
        copyPublicDir: false,
      }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        target: 'es2022',
        // dist/web/.vite/manifest.json: the server preloads a member page's chunks with its HTML
        manifest: true,
      },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/healthz': 'http://localhost:5000',
    },
  },
}));
