export { ForgotPasswordPage } from './ui/forgot-password-page';
export { ResetOtpPage } from './ui/reset-otp-page';
export { SetPasswordPage } from './ui/set-password-page';
