import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Without SMTP_URL the server writes every mail as an .eml file into DATA_DIR/outbox (sortable names).

/** Undoes quoted-printable soft breaks and escapes, enough to read a plain-text mail. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The 6-digit code of the newest mail to `to` (the code stands alone on its line); waits for it, since
 * some mails are written after the answer.
 */
export async function readCodeFromOutbox(to: string, timeoutMs = 15_000): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through e2e/global-setup.ts, which starts the server and sets it');
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith('.eml')).sort().reverse()) {
      const mail = decodeQuotedPrintable(await readFile(path.join(outbox, name), 'utf8'));
      const [headers] = mail.split(/\r?\n\r?\n/);
      if (!new RegExp(`^To:.*\\b${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'im').test(headers)) continue;
      const code = /^[ \t]*(\d{6})[ \t]*\r?$/m.exec(mail)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail with a code to ${to} within ${timeoutMs} ms`);
}
