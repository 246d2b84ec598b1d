import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * JavaScript the first screen (/index) loads: the entry, everything it imports statically, and the
 * home screen's chunk with its static imports. Lazy chunks of other screens and languages are not
 * counted; neither is the host script (the coin browser's SDK in production, the sandbox host here).
 */
interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface BundleFigures {
  files: { file: string; source: string; gzip: number }[];
  firstScreenGzip: number;
  totalJsGzip: number;
}

export const firstScreenBudgetBytes = 110 * 1024;

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

export function measureBundle(distDir = path.resolve('dist')): BundleFigures {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const wanted = new Set<string>();
  const visit = (key: string) => {
    if (wanted.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    wanted.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('screens/home/HomeScreen.tsx');
  const files = [...wanted]
    .map((key) => ({ file: manifest[key]?.file ?? '', source: manifest[key]?.src ?? manifest[key]?.name ?? key }))
    .filter(({ file }) => file.endsWith('.js'))
    .map(({ file, source }) => ({ file, source, gzip: gzipSize(path.join(distDir, file)) }))
    .sort((a, b) => b.gzip - a.gzip);
  const allJs = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSize(path.join(distDir, 'assets', f)), 0);
  return { files, firstScreenGzip: files.reduce((sum, f) => sum + f.gzip, 0), totalJsGzip: allJs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = measureBundle();
  for (const f of figures.files) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}  ${f.source}`);
  console.log(`first screen JavaScript: ${(figures.firstScreenGzip / 1024).toFixed(1)} KB gzip (budget ${firstScreenBudgetBytes / 1024} KB)`);
  console.log(`all JavaScript chunks:   ${(figures.totalJsGzip / 1024).toFixed(1)} KB gzip`);
}
