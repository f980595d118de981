import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|map)$/;

/**
 * Writes a brotli (.br, top quality) and a gzip (.gz) copy beside each text file of the build, so
 * the server sends compressed assets without compressing them per request (server/http/spa.ts).
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'hub-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const names = [...Object.keys(bundle), 'index.html'];
      for (const name of new Set(names)) {
        if (!COMPRESSIBLE.test(name)) continue;
        let content: Buffer;
        try {
          content = readFileSync(join(outDir, name));
        } catch {
          continue;
        }
        if (content.length < 1024) continue;
        writeFileSync(
          join(outDir, `${name}.br`),
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        writeFileSync(join(outDir, `${name}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}
