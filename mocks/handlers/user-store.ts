import { demoUser } from '../fixtures/users';

type MockUser = typeof demoUser;

// The mock server's one account, editable so a profile edit or a new photo shows after a refetch.
// jest resets it after each test (test-utils/setup-client.ts).
let current: MockUser = { ...demoUser };
const uploads = new Map<string, { bytes: ArrayBuffer; type: string }>();

export const getMockUser = (): MockUser => current;

export function updateMockUser(patch: Partial<MockUser>): MockUser {
  current = { ...current, ...patch };
  return current;
}

export const saveMockUpload = (path: string, bytes: ArrayBuffer, type: string) => uploads.set(path, { bytes, type });
export const getMockUpload = (path: string) => uploads.get(path);

export function resetMockUsers(): void {
  current = { ...demoUser };
  uploads.clear();
}
