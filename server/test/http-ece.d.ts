// http_ece ships no types: the part the push-service stub (push-stub.ts) uses.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface Params {
    version?: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    /** The receiver's key pair (a browser's subscription). */
    privateKey?: ECDH;
    /** The subscription's auth secret: base64url text or bytes. */
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
    rs?: number;
  }
  export function decrypt(buffer: Buffer, params: Params): Buffer;
  export function encrypt(buffer: Buffer, params: Params): Buffer;
}
