import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangeEvent } from 'react';
import { useForm } from '.';

interface Values {
  name: string;
  code: string;
}

const validate = ({ name, code }: Values) => ({
  name: name.trim() === '' ? 'Name missing' : undefined,
  code: /^\d{3}$/.test(code) ? undefined : 'Three digits',
});

interface FieldProps {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (node: HTMLElement | null) => void;
}

/** The demo forms' inputs: labelled, flagged invalid, their message tied to them. */
function Inputs<N extends string>({ names, field }: { names: readonly N[]; field: (name: N) => FieldProps }) {
  return names.map((name) => {
    const { error, ...input } = field(name);
    return (
      <p key={name}>
        <label htmlFor={name}>{name}</label>
        <input id={name} aria-invalid={error ? true : undefined} aria-describedby={`${name}-e`} {...input} />
        <span id={`${name}-e`}>{error}</span>
      </p>
    );
  });
}

function Demo({ onSave, busy = false }: { onSave: (values: Values) => Promise<void>; busy?: boolean }) {
  const { field, formError, setFormError, handleSubmit } = useForm({
    initialValues: { name: '', code: '' },
    validate,
    busy,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch {
      setFormError('Save failed');
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      {formError && <p role="alert">{formError}</p>}
      <Inputs names={['name', 'code'] as const} field={field} />
      <button type="submit">Save</button>
    </form>
  );
}

const setup = (props: Partial<Parameters<typeof Demo>[0]> = {}) => {
  const onSave = jest.fn((_values: Values) => Promise.resolve());
  render(<Demo onSave={onSave} {...props} />);
  return { onSave, user: userEvent.setup() };
};

it('shows no message before the first submit', async () => {
  const { user } = setup();
  await user.type(screen.getByLabelText('code'), '1');
  expect(screen.queryByText('Three digits')).not.toBeInTheDocument();
  expect(screen.getByLabelText('code')).not.toHaveAttribute('aria-invalid');
});

it('validates on submit, focuses the first invalid field and does not run the action', async () => {
  const { onSave, user } = setup();
  await user.type(screen.getByLabelText('name'), 'Asha');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('Three digits')).toBeInTheDocument();
  expect(screen.queryByText('Name missing')).not.toBeInTheDocument();
  expect(screen.getByLabelText('code')).toHaveFocus();
  expect(screen.getByLabelText('code')).toHaveAttribute('aria-invalid', 'true');
  expect(onSave).not.toHaveBeenCalled();

  await user.clear(screen.getByLabelText('name'));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByLabelText('name')).toHaveFocus();
});

it('follows the input live after the first submit', async () => {
  const { user } = setup();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('Name missing')).toBeInTheDocument();
  await user.type(screen.getByLabelText('name'), 'A');
  expect(screen.queryByText('Name missing')).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('code'), '12');
  expect(screen.getByText('Three digits')).toBeInTheDocument();
  await user.type(screen.getByLabelText('code'), '3');
  expect(screen.queryByText('Three digits')).not.toBeInTheDocument();
});

it('runs the action with the values when valid, and clears the last failure first', async () => {
  const { onSave, user } = setup();
  onSave.mockRejectedValueOnce(new Error('offline'));
  await user.type(screen.getByLabelText('name'), 'Asha');
  await user.type(screen.getByLabelText('code'), '123');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Save failed');

  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(onSave).toHaveBeenLastCalledWith({ name: 'Asha', code: '123' });
  expect(onSave).toHaveBeenCalledTimes(2);
});

it('ignores a submit while busy', async () => {
  const { onSave, user } = setup({ busy: true });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.queryByText('Name missing')).not.toBeInTheDocument();
  expect(onSave).not.toHaveBeenCalled();
});

it('keeps setValue the same between renders, so effects and callbacks may depend on it', () => {
  const { result, rerender } = renderHook(() => useForm({ initialValues: { name: '', code: '' }, validate }));
  const first = result.current.setValue;
  act(() => first('name', 'Asha'));
  rerender();
  expect(result.current.values).toEqual({ name: 'Asha', code: '' });
  expect(result.current.setValue).toBe(first);
});

describe('showServerError', () => {
  function ServerDemo({ answer }: { answer: { field?: string; message: string } }) {
    const { field, formError, setFormError, showServerError, handleSubmit } = useForm({
      initialValues: { name: '', secret: '' },
    });
    const submit = handleSubmit(() => {
      if (!showServerError(answer.field, answer.message, { password: 'secret' })) setFormError(answer.message);
    });
    return (
      <form noValidate onSubmit={submit}>
        {formError && <p role="alert">{formError}</p>}
        <Inputs names={['name', 'secret'] as const} field={field} />
        <button type="submit">Save</button>
      </form>
    );
  }

  it.each([
    ['its own name', 'name', 'name'],
    ['the name the form maps it to', 'password', 'secret'],
  ])('puts the message under the field the server names, by %s, and keeps the values', async (_case, serverField, shown) => {
    const user = userEvent.setup();
    render(<ServerDemo answer={{ field: serverField, message: 'Too common' }} />);
    await user.type(screen.getByLabelText('name'), 'Asha');
    await user.type(screen.getByLabelText('secret'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByLabelText(shown)).toHaveAccessibleDescription('Too common');
    expect(screen.getByLabelText(shown)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(shown)).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('name')).toHaveValue('Asha');
    expect(screen.getByLabelText('secret')).toHaveValue('password1');
  });

  it.each([undefined, 'unknownField'])('leaves an answer about no field of this form (%p) to the caller', async (serverField) => {
    const user = userEvent.setup();
    render(<ServerDemo answer={{ field: serverField, message: 'Server down' }} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Server down');
  });
});

describe('handleSend', () => {
  function SendDemo({ send, canSubmit }: { send: (values: Values) => Promise<{ field?: string; message: string } | null>; canSubmit?: () => boolean }) {
    const { field, formError, handleSend } = useForm({ initialValues: { name: '', code: '' }, validate });
    return (
      <form noValidate onSubmit={handleSend(send, { canSubmit, fieldNames: { pin: 'code' } })}>
        {formError && <p role="alert">{formError}</p>}
        <Inputs names={['name', 'code'] as const} field={field} />
        <button type="submit">Send</button>
      </form>
    );
  }

  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('name'), 'Asha');
    await user.type(screen.getByLabelText('code'), '123');
  };

  it('asks canSubmit first: false stops the submit before validation', async () => {
    const user = userEvent.setup();
    const send = jest.fn(async () => null);
    render(<SendDemo send={send} canSubmit={() => false} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByText('Name missing')).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends valid values; a failure about a field goes under it, any other is the form error', async () => {
    const user = userEvent.setup();
    const send = jest
      .fn<Promise<{ field?: string; message: string } | null>, [Values]>()
      .mockResolvedValueOnce({ field: 'pin', message: 'Wrong code' })
      .mockResolvedValueOnce({ message: 'Server down' })
      .mockResolvedValueOnce(null);
    render(<SendDemo send={send} canSubmit={() => true} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenLastCalledWith({ name: 'Asha', code: '123' });
    expect(screen.getByLabelText('code')).toHaveAccessibleDescription('Wrong code');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(send).toHaveBeenCalledTimes(3);
  });
});
