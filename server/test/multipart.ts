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
