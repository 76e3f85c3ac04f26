import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const MB = 1024 * 1024;

/**
 * multipart/form-data for every route, registered once. Nothing is parsed until a route reads the
 * parts (read-parts.ts), which may lower these limits; these are the ceiling for any one request.
 */
async function uploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: 5 * MB,
      files: 10,
      fields: 30,
      fieldSize: 100 * 1024,
      fieldNameSize: 100,
      parts: 40,
      headerPairs: 50,
    },
  });
}

export default fp(uploads, { name: 'uploads', fastify: '5.x' });
