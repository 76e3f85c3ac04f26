// The keys the limits of lib/quota.ts count under, in one place: modules count under them and
// account deletion forgets them.
export const limitKeys = {
  /** Password checks on an account (login, password change, sudo confirm); `account` is `user:<id>` or `name:<tried name>`. */
  passwordChecks: (account: string) => `login:${account}`,
  codeSendsTo: (email: string) => `otp-send:email:${email}`,
  codeSendsFromIp: (ip: string) => `otp-send:ip:${ip}`,
  codeSendsByUser: (userId: string) => `otp-send:user:${userId}`,
  /** Wrong one-time codes tried for an address, whatever the purpose. */
  codeFailures: (email: string) => `otp-check:email:${email}`,
  registrationsFromIp: (ip: string) => `register:ip:${ip}`,
  uploadsByUser: (userId: string) => `upload:user:${userId}`,
  /** A "New follower" told to `followeeId` about `followerId` (one a day). */
  followNotice: (followerId: string, followeeId: string) => `follow-notice:${followerId}:${followeeId}`,
  /** Reports a member made (modules/reports). */
  reportsByUser: (userId: string) => `report:user:${userId}`,
  /** Every counter of one account, forgotten with it. */
  ofAccount: (userId: string, email: string) => [
    `login:user:${userId}`, `otp-send:user:${userId}`, `otp-send:email:${email}`, `upload:user:${userId}`, `report:user:${userId}`,
  ],
};
