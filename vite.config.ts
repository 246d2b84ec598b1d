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

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), devHost()],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html', 'sandbox-host': 'src/bridge/sandboxHost.ts' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sandbox-host' ? 'sandbox-host.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/sandbox': 'http://127.0.0.1:8080', '/media': 'http://127.0.0.1:8080' },
  },
});
