import { http, HttpResponse } from 'msw';
import { mockOtp, takenEmail, throttledEmail } from '../fixtures/account';
import { demoCredentials } from '../fixtures/users';
import { getMockUser, saveMockUpload, updateMockUser } from './user-store';

// Mirrors server/modules/{users/profile-routes,account,password-reset}: paths, answers and messages.

type Body = Record<string, unknown>;
const readJson = async (request: Request): Promise<Body> => {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null ? (body as Body) : {};
  } catch {
    return {};
  }
};

const fail = (status: number, message: string) => HttpResponse.json({ status: false, message }, { status });
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MB = 1024 * 1024;

/** The server's requireSelf: a bearer token, and the path id is the caller's own. */
function denied(request: Request, id: unknown): Response | undefined {
  if (!request.headers.get('Authorization')?.startsWith('Bearer ')) {
    return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
  }
  if (id !== undefined && id !== getMockUser()._id) return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
  return undefined;
}

/** server/modules/users/profile.ts, condensed: the first failing rule's message. */
function checkProfile(fields: Record<string, string>): string | undefined {
  if (fields.fullName !== undefined) {
    const words = fields.fullName.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return 'Full name is required.';
    if (words.length < 2) return 'Please enter your first and last name.';
  }
  const gender = fields.gender?.trim().toLowerCase();
  if (gender && !['male', 'female', 'other'].includes(gender)) return 'Gender must be male, female or other.';
  const digits = (phone: string) => phone.replace(/[\s()-]/g, '');
  const contact = fields.contact === undefined ? '' : digits(fields.contact.trim());
  if (contact !== '' && contact !== digits(getMockUser().contactNumber)) return 'Contact number cannot be changed here.';
  return undefined;
}

/** server/modules/uploads/images.ts sniffs the bytes: JPEG, PNG or WebP, whatever the name says. */
function isImage(bytes: Uint8Array): boolean {
  const starts = (...sig: number[]) => sig.every((byte, i) => bytes[i] === byte);
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  return (
    starts(0xff, 0xd8, 0xff) ||
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
  );
}

const resetCodeError = (otp: unknown) => (/^\d{6}$/.test(text(otp).trim()) ? undefined : 'Please enter a valid 6-digit OTP.');
const resetEmailError = (email: unknown) =>
  !text(email).trim() ? 'Email is required' : EMAIL.test(text(email).trim()) ? undefined : 'Enter a valid email';
const newEmailError = (email: unknown) =>
  !text(email).trim() ? 'Email is required.' : EMAIL.test(text(email).trim()) ? undefined : 'Please enter a valid email address.';

const RESET_SENT = 'An OTP has been sent to your email.';

export const accountHandlers = [
  http.put('*/api/edit-profile/:userId', async ({ request, params }) => {
    const refused = denied(request, params.userId);
    if (refused) return refused;
    const form = await request.formData();
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value;
    });
    const problem = checkProfile(fields);
    if (problem) return fail(400, problem);
    const [firstName, ...rest] = (fields.fullName ?? '').trim().split(/\s+/);
    const user = updateMockUser({
      ...(fields.fullName !== undefined ? { firstName, lastName: rest.join(' ') } : {}),
      ...(fields.bio !== undefined ? { bio: fields.bio.trim() } : {}),
      ...(fields.location !== undefined ? { location: fields.location.trim() } : {}),
      ...(fields.gender !== undefined ? { gender: fields.gender.trim().toLowerCase() } : {}),
    });
    return HttpResponse.json({ status: true, message: 'Your profile has been updated successfully.', user });
  }),

  http.post('*/api/:id/upload', async ({ request, params }) => {
    const refused = denied(request, params.id);
    if (refused) return refused;
    const file = (await request.formData()).get('profileImage');
    if (!file || typeof file === 'string') return HttpResponse.json({ message: 'Please select an image file' }, { status: 400 });
    if (file.size > 5 * MB) return HttpResponse.json({ message: 'Image size should be less than 5MB' }, { status: 413 });
    const bytes = await file.arrayBuffer();
    if (!isImage(new Uint8Array(bytes))) return HttpResponse.json({ message: 'Please select an image file' }, { status: 400 });
    const imageUrl = `/uploads/profile/${crypto.randomUUID()}.webp`;
    saveMockUpload(imageUrl, bytes, file.type);
    const user = updateMockUser({ profileImage: imageUrl });
    return HttpResponse.json({ success: true, message: 'Profile image updated!', imageUrl, user });
  }),

  http.delete('*/api/delete-user/:userId', ({ request, params }) => {
    const refused = denied(request, params.userId);
    if (refused) return refused;
    return HttpResponse.json({ status: true, message: 'Deleted!', data: { message: 'Deleted!' } });
  }),

  http.post('*/api/change-password/:userId', async ({ request, params }) => {
    const refused = denied(request, params.userId);
    if (refused) return refused;
    const { currentPassword, newPassword, confirmPassword } = await readJson(request);
    if (!text(currentPassword)) return fail(400, 'Current password is required.');
    if (!text(newPassword)) return fail(400, 'New password is required.');
    if (!text(confirmPassword)) return fail(400, 'Confirm password is required.');
    if (text(newPassword).length < 6) return fail(400, 'Password must be at least 6 characters');
    if (newPassword !== confirmPassword) return fail(400, 'Passwords do not match.');
    if (currentPassword !== demoCredentials.password) return fail(400, 'Current password is incorrect');
    return HttpResponse.json({ status: true, message: 'Password Changed' });
  }),

  http.post('*/api/send-email-otp', async ({ request }) => {
    const refused = denied(request, undefined);
    if (refused) return refused;
    const { newEmail } = await readJson(request);
    const problem = newEmailError(newEmail);
    if (problem) return fail(400, problem);
    const email = text(newEmail).trim().toLowerCase();
    if (email === takenEmail) return fail(409, 'Email already in use');
    if (email === throttledEmail) return fail(429, 'Too many requests. Please try again later.');
    return HttpResponse.json({ status: true, message: 'OTP Sent' });
  }),

  http.post('*/api/verify-email-otp', async ({ request }) => {
    const refused = denied(request, undefined);
    if (refused) return refused;
    const { otp, newEmail } = await readJson(request);
    const problem = newEmailError(newEmail);
    if (problem) return fail(400, problem);
    if (text(otp).trim().length < 4) return fail(400, 'Please enter a valid OTP.');
    if (text(otp).trim() !== mockOtp) return fail(400, 'Invalid OTP.');
    const user = updateMockUser({ email: text(newEmail).trim().toLowerCase() });
    return HttpResponse.json({ status: true, message: 'Email Verified', user });
  }),

  http.post('*/api/forgot-password', async ({ request }) => {
    const { email } = await readJson(request);
    const problem = resetEmailError(email);
    if (problem) return fail(400, problem);
    if (text(email).trim().toLowerCase() === throttledEmail) return fail(429, 'Too many requests. Please try again later.');
    return HttpResponse.json({ status: true, message: RESET_SENT, data: { message: RESET_SENT } });
  }),

  http.post('*/api/forgot-password-otp', async ({ request }) => {
    const { email, otp } = await readJson(request);
    const problem = resetEmailError(email) ?? resetCodeError(otp);
    if (problem) return fail(400, problem);
    if (text(otp).trim() !== mockOtp) return fail(400, 'Invalid OTP. Please try again.');
    return HttpResponse.json({ status: true, message: 'Your OTP has been successfully verified.' });
  }),

  http.post('*/api/forgot-password/reset-password', async ({ request }) => {
    const { email, otp, newPassword, confirmPassword } = await readJson(request);
    const problem = resetEmailError(email) ?? resetCodeError(otp);
    if (problem) return fail(400, problem);
    if (!text(newPassword)) return fail(400, 'New password is required.');
    if (text(newPassword).length < 6) return fail(400, 'Password must be at least 6 characters.');
    if (confirmPassword !== undefined && confirmPassword !== newPassword) return fail(400, 'Passwords do not match.');
    if (text(otp).trim() !== mockOtp) return fail(400, 'Failed to reset password. Try again.');
    return HttpResponse.json({ status: true, message: 'Password successfully updated!' });
  }),
];
