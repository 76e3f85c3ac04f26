import {
  validateChangePassword,
  validateEmailOtp,
  validateLogin,
  validateNewEmail,
  validateNewPassword,
  validateRegister,
  validateResetCode,
  validateResetEmail,
  type RegisterValues,
} from '.';

describe('validateLogin', () => {
  it('requires a trimmed username and a password', () => {
    expect(validateLogin({ username: '   ', password: '' })).toEqual({
      username: 'Username missing',
      password: 'Password missing',
    });
  });

  it('needs at least 6 password characters', () => {
    expect(validateLogin({ username: 'asha', password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(validateLogin({ username: 'asha', password: '123456' })).toEqual({});
  });
});

describe('validateRegister', () => {
  const valid: RegisterValues = {
    firstName: 'Asha',
    lastName: 'Rao',
    username: 'asha',
    email: 'asha@example.com',
    contactNumber: '+919876543210',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it('accepts a complete form', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('reports every missing field with the spec message', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ''])) as unknown as RegisterValues;
    expect(validateRegister(empty)).toEqual({
      firstName: 'First name missing',
      lastName: 'Last name missing',
      username: 'Username missing',
      email: 'Email missing',
      contactNumber: 'Contact number is required',
      password: 'Password missing',
    });
  });

  it.each([
    ['email', 'asha@example', 'Invalid email address'],
    ['email', 'asha example@x.com', 'Invalid email address'],
    ['contactNumber', '12345', 'Invalid phone number format'],
    ['contactNumber', '+91-98765-43210', 'Invalid phone number format'],
    ['contactNumber', '1234567890123456', 'Invalid phone number format'],
    ['password', 'abc', 'Password must be at least 6 characters'],
    ['confirmPassword', 'secret2', 'Passwords do not match'],
  ] as const)('%s = %p → %s', (field, value, message) => {
    expect(validateRegister({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('accepts 10 to 15 digits with an optional plus', () => {
    for (const contactNumber of ['9876543210', '+9876543210', '123456789012345']) {
      expect(validateRegister({ ...valid, contactNumber })).toEqual({});
    }
  });
});

describe('password reset', () => {
  it('checks the e-mail, then its shape', () => {
    expect(validateResetEmail('  ')).toBe('Email is required');
    expect(validateResetEmail('asha@example')).toBe('Enter a valid email');
    expect(validateResetEmail(' asha@example.com ')).toBeUndefined();
  });

  it('wants exactly six digits', () => {
    for (const code of ['', '12345', '1234567', '12345a']) expect(validateResetCode(code)).toBe('Please enter a valid 6-digit OTP.');
    expect(validateResetCode('012345')).toBeUndefined();
  });

  it('checks the new password and its confirmation', () => {
    expect(validateNewPassword({ newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: 'New password is required.',
      confirmPassword: 'Please confirm your password.',
    });
    expect(validateNewPassword({ newPassword: '12345', confirmPassword: '12346' })).toEqual({
      newPassword: 'Password must be at least 6 characters.',
      confirmPassword: 'Passwords do not match.',
    });
    expect(validateNewPassword({ newPassword: '123456', confirmPassword: '123456' })).toEqual({});
  });
});

describe('account', () => {
  it('checks a password change', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required.',
      newPassword: 'New password is required.',
      confirmPassword: 'Confirm password is required.',
    });
    expect(validateChangePassword({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abd' })).toEqual({
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('checks a new e-mail and an e-mail change code', () => {
    expect(validateNewEmail('')).toBe('Email is required.');
    expect(validateNewEmail('new@example')).toBe('Please enter a valid email address.');
    expect(validateNewEmail('new@example.com')).toBeUndefined();
    expect(validateEmailOtp(' 123 ')).toBe('Please enter a valid OTP.');
    expect(validateEmailOtp('1234')).toBeUndefined();
  });
});
