import { Readable } from 'node:stream';

/** An 8×8 PNG (sharp made it): the image the board tests upload, where any valid one does. */
export const SMALL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQWpWGFTEMLQkA03tMgVCBU+YAAAAASUVORK5CYII=', 'base64');

export interface FilePart {
  name: string;
  bytes: Buffer;
  filename: string;
  type?: string;
}

/** A multipart/form-data body and its content-type, as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string> = {}, files: FilePart[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export interface StreamedFile {
  name: string;
  filename: string;
  /** How many bytes the file has: zeros, after `head` (e.g. an image's first bytes). */
  size: number;
  head?: Buffer;
  type?: string;
}

const CHUNK = Buffer.alloc(64 * 1024);

/**
 * A multipart/form-data body sent as a stream, fields first, its files' bytes made as the server
 * reads them (so a test holds none of them): `sent()` is how many bytes the server has pulled so far.
 */
export function streamedMultipart(fields: Record<string, string>, files: StreamedFile[]) {
  const boundary = `----NeedSpotTest${Math.random().toString(16).slice(2)}`;
  let sent = 0;
  const counted = (chunk: Buffer) => {
    sent += chunk.length;
    return chunk;
  };
  async function* body() {
    for (const [name, value] of Object.entries(fields)) {
      yield counted(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    for (const file of files) {
      yield counted(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n`
        + `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
      const head = file.head ?? Buffer.alloc(0);
      if (head.length > 0) yield counted(head);
      for (let left = file.size - head.length; left > 0; left -= CHUNK.length) yield counted(CHUNK.subarray(0, Math.min(left, CHUNK.length)));
      yield counted(Buffer.from('\r\n'));
    }
    yield counted(Buffer.from(`--${boundary}--\r\n`));
  }
  return {
    payload: Readable.from(body(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    sent: () => sent,
  };
}
