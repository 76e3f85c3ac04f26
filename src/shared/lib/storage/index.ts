// Storage can throw (private mode, quota, disabled cookies): every access goes through these.
type Area = 'local' | 'session';

const area = (which: Area): Storage | undefined => {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
};

export function readString(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Not persisted; the app keeps working with in-memory state.
  }
}

export function readJson<T>(key: string, which: Area = 'local'): T | null {
  const raw = readString(key, which);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, which: Area = 'local'): void {
  writeString(key, JSON.stringify(value), which);
}

export function removeItem(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

export function clearStorage(which: Area = 'local'): void {
  try {
    area(which)?.clear();
  } catch {
    // Nothing to clear.
  }
}
