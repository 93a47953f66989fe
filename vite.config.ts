import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  // Bundled whole, so the prerender step runs from any DIST_DIR without node_modules beside it.
  ssr: { noExternal: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
