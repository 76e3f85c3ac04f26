import { getErrorField, getErrorMessage, getServerMessage, isNetworkError, settleStatus } from './errors';

it('uses the server message when present', () => {
  expect(getErrorMessage({ status: 409, data: { message: 'Email already in use' } }, 'fallback')).toBe(
    'Email already in use',
  );
});

it('falls back to the screen text, else the generic spec text', () => {
  expect(getErrorMessage({ status: 500, data: 'Internal' }, 'Try again')).toBe('Try again');
  expect(getErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('Something went wrong');
  expect(getErrorMessage({ status: 400, data: { message: '   ' } })).toBe('Something went wrong');
  expect(getErrorMessage(undefined)).toBe('Something went wrong');
});

it('reads a message from a raw answer body too', () => {
  expect(getServerMessage({ message: 'OTP Sent' })).toBe('OTP Sent');
});

it('tells network failures from server answers', () => {
  expect(isNetworkError({ status: 'FETCH_ERROR', error: 'x' })).toBe(true);
  expect(isNetworkError({ status: 401, data: {} })).toBe(false);
});

describe('settleStatus', () => {
  const answer = <R>(result: R) => ({ unwrap: () => Promise.resolve(result) });
  const failure = (error: unknown) => ({ unwrap: () => Promise.reject(error) });
  const offline = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

  it('hands over an answer with status true', async () => {
    const result = { status: true, message: 'OTP Sent' };
    expect(await settleStatus(answer(result), 'Failed')).toEqual({ ok: true, result });
  });

  it('shows a refusal by its message, else the fallback', async () => {
    expect(await settleStatus(answer({ status: false, message: 'Expired' }), 'Failed')).toEqual({
      ok: false,
      message: 'Expired',
      network: false,
    });
    expect(await settleStatus(answer({ status: false, message: '' }), 'Failed')).toMatchObject({ message: 'Failed' });
  });

  it("shows a failed request by the server's message, else the fallback", async () => {
    const conflict = { status: 409, data: { message: 'Email already in use' } };
    expect(await settleStatus(failure(conflict), 'Failed')).toEqual({
      ok: false,
      message: 'Email already in use',
      network: false,
    });
    expect(await settleStatus(failure({ status: 500, data: {} }), 'Failed')).toMatchObject({ message: 'Failed' });
  });

  it('gives a request without an answer the network text when the screen has one', async () => {
    expect(await settleStatus(failure(offline), 'Failed', { network: 'Offline' })).toEqual({
      ok: false,
      message: 'Offline',
      network: true,
    });
    expect(await settleStatus(failure(offline), 'Failed')).toEqual({ ok: false, message: 'Failed', network: true });
  });
});

describe('errors about one field', () => {
  const tooCommon = 'This password is too common. Please choose a less common one.';

  it('reads the field from a failed request or a raw answer', () => {
    expect(getErrorField({ status: 400, data: { message: tooCommon, field: 'password' } })).toBe('password');
    expect(getErrorField({ status: false, message: 'x', field: 'newPassword' })).toBe('newPassword');
    expect(getErrorField({ status: 400, data: { message: 'x' } })).toBeUndefined();
    expect(getErrorField({ status: 400, data: { message: 'x', field: 7 } })).toBeUndefined();
    expect(getErrorField(undefined)).toBeUndefined();
  });

  it('settleStatus hands the field on with the message', async () => {
    const refusal = { status: 400, data: { status: false, message: tooCommon, field: 'newPassword' } };
    expect(await settleStatus({ unwrap: () => Promise.reject(refusal) }, 'Failed')).toEqual({
      ok: false,
      message: tooCommon,
      network: false,
      field: 'newPassword',
    });
  });
});
