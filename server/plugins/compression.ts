import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers above 1 KB are compressed on the fly, Brotli (quality 4: fast) or gzip by
 * Accept-Encoding. Registered in the /api scope only: the build's files come pre-compressed
 * (plugins/static-files.ts). An answer that
 * carries a secret (a token) opts out with `compress: false` on its route: compressing a secret next
 * to text an attacker can influence leaks it through the answer's size (BREACH).
 * Request bodies are never decompressed: no client sends them compressed, and a small compressed
 * body could expand far past the body limit.
 */
async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
}

export default fp(compression, { name: 'compression', fastify: '5.x' });
