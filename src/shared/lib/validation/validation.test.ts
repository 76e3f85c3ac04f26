import { validateLogin, validateRegister, type RegisterValues } from '.';

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
