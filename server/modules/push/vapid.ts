import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys { publicKey: string; privateKey: string }

const isKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' && value !== null
  && typeof (value as VapidKeys).publicKey === 'string' && typeof (value as VapidKeys).privateKey === 'string';

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (config.ts checked them); otherwise a pair
 * generated once into DATA_DIR/vapid-keys.json (mode 0600: the private key signs every push) and
 * read back on later starts. Browsers subscribe with the public key, so it must never change while
 * subscriptions exist: several instances set the variables instead, to share one pair.
 */
export async function resolveVapidKeys(configured: VapidKeys | undefined, dataDir: string): Promise<VapidKeys> {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid-keys.json');
  const read = async () => {
    const kept: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!isKeys(kept)) throw new Error(`${file} does not hold a VAPID key pair: remove it to generate a new one (existing push subscriptions stop working)`);
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  // Written whole to a file of its own, then linked into place: the link fails if another process
  // put its pair there first (keep theirs), and no process ever reads a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(draft, JSON.stringify(keys) + '\n', { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read();
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}
