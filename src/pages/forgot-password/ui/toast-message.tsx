/** A toast with a title line and a message line ('OTP Sent' / 'An OTP has been sent to your email.'). */
export function ToastMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="toast-message">
      <strong>{title}</strong>
      <p>{text}</p>
    </div>
  );
}
