import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

interface OtpBoxesProps {
  /** One entry per box: '' or a single digit. */
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  legend: string;
  autoFocus?: boolean;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Single-digit boxes for a one-time code: typing advances, Backspace on an empty box goes back,
 * and pasting (or an SMS/e-mail autofill of) the whole code into any box fills them all.
 */
export function OtpBoxes({ value, onChange, error, legend, autoFocus = false }: OtpBoxesProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = useId();
  const length = value.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes digits from `start` on (all boxes when a whole code arrives), then focuses the next empty spot. */
  const fill = (start: number, digits: string) => {
    const from = digits.length >= length ? 0 : start;
    const next = [...value];
    const written = digits.slice(0, length - from).split('');
    written.forEach((digit, offset) => {
      next[from + offset] = digit;
    });
    onChange(next);
    focusBox(from + written.length);
  };

  const change = (index: number, raw: string) => {
    let digits = digitsOf(raw);
    if (digits === '') {
      onChange(value.map((digit, i) => (i === index ? '' : digit)));
      return;
    }
    // A digit typed into a filled box (caret not over the old digit): keep the new one.
    if (digits.length === 2 && value[index] !== '' && digits.includes(value[index])) {
      digits = digits.replace(value[index], '');
    }
    fill(index, digits);
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsOf(event.clipboardData.getData('text'));
    if (digits) fill(index, digits);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  return (
    <fieldset className={['otp-boxes', error && 'otp-boxes--invalid'].filter(Boolean).join(' ')}>
      <legend className="otp-boxes__legend">{legend}</legend>
      <div className="otp-boxes__row">
        {value.map((digit, index) => (
          <input
            // The boxes never reorder.
            key={index}
            ref={(node) => {
              boxes.current[index] = node;
            }}
            className="otp-boxes__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoFocus={autoFocus && index === 0}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={digit}
            onFocus={(event) => event.target.select()}
            onChange={(event) => change(index, event.target.value)}
            onPaste={(event) => paste(index, event)}
            onKeyDown={(event) => keyDown(index, event)}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="otp-boxes__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
