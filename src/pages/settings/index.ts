export { SettingsPage } from './ui/settings-page';
export { ChangePasswordPage } from './ui/change-password-page';
export { ChangeEmailPage } from './ui/change-email-page';
export { VerifyEmailOtpPage } from './ui/verify-email-otp-page';
export { BlockedMembersPage } from './ui/blocked-members-page';
export { NotificationSettingsPage } from './ui/notification-settings-page';
export { UnsubscribePage } from './ui/unsubscribe-page';
