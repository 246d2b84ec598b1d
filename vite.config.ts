import fs from 'node:fs';
import path from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** In dev, index.html gets the sandbox host the way the server injects it in production. */
function devHost(): Plugin {
  return {
    name: 'coin-mall-dev-host',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        '<!--coin-mall-host-->',
        '<script id="coin-mall-config" type="application/json">{"sandbox":true}</script><script type="module" src="/src/bridge/sandboxHost.ts"></script>',
      ),
  };
}

/**
 * `virtual:all-english`: the whole of locales/en.json as its own module, so it becomes a lazy chunk
 * while the entry imports only the namespaces of the first screen from en.json (tree-shaken).
 */
export function allEnglish(): Plugin {
  const id = '\0virtual:all-english';
  const file = path.resolve('locales/en.json');
  return {
    name: 'coin-mall-all-english',
    resolveId: (source) => (source === 'virtual:all-english' ? id : null),
    load(loaded) {
      if (loaded !== id) return null;
      this.addWatchFile(file);
      return `export default ${fs.readFileSync(file, 'utf8')};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), devHost(), allEnglish()],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html', 'sandbox-host': 'src/bridge/sandboxHost.ts' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sandbox-host' ? 'sandbox-host.js' : 'assets/[name]-[hash].js'),
        // Lazy chunks are named by their hash only: the entry lists every one of them (its preload map),
        // and shorter names saved 1.2 KB gzip of the first screen. The manifest maps them to sources.
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
        // The libraries every screen needs travel as one chunk instead of a dozen small ones (crypto-js is
        // loaded by the first signed call, src/api/client.ts).
        codeSplitting: {
          groups: [
            { name: 'core', priority: 2, test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|use-sync-external-store|ofetch|destr|ufo|rosetta|wouter|regexparam|mitt)[\\/]/ },
            // The app's own modules that every page loads (statically imported from an entry) travel as
            // one chunk per set of entries that use them instead of a chunk each: the first screen's
            // small chunks gzipped apart cost about 3 KB more than together.
            { name: 'shell', priority: 1, tags: ['$initial'], test: (id: string) => !/index\.html|screens[\\/]main\.tsx|src[\\/]bridge[\\/]sandbox/.test(id) },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/sandbox': 'http://127.0.0.1:8080', '/media': 'http://127.0.0.1:8080' },
  },
});
