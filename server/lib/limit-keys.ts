// The keys the limits of lib/quota.ts count under, in one place: modules count under them and
// account deletion forgets them.
export const limitKeys = {
  /**
   * Password checks on a target from every address (lib/login-lockout.ts): `name:<lower-cased name>`
   * for logins, `user:<id>` for a signed-in user's password change or sudo confirm.
   */
  passwordChecks: (target: string) => `login:${target}`,
  /** Password checks on a target from one client address (never a prefix of another's: the target ends it). */
  passwordChecksFrom: (target: string, ip: string) => `login:from:${ip}:${target}`,
  codeSendsTo: (email: string) => `otp-send:email:${email}`,
  codeSendsFromIp: (ip: string) => `otp-send:ip:${ip}`,
  codeSendsByUser: (userId: string) => `otp-send:user:${userId}`,
  /** Wrong one-time codes tried for an address, whatever the purpose. */
  codeFailures: (email: string) => `otp-check:email:${email}`,
  registrationsFromIp: (ip: string) => `register:ip:${ip}`,
  uploadsByUser: (userId: string) => `upload:user:${userId}`,
  /** Contact details of others' posts a member opened (GET /api/contact/…). */
  contactRevealsByUser: (userId: string) => `contact:user:${userId}`,
  /** Place lookups the server makes for a member (placing a skill on the map). */
  geocodingByUser: (userId: string) => `geocode:user:${userId}`,
  /** A "New follower" told to `followeeId` about `followerId` (one a day). */
  followNotice: (followerId: string, followeeId: string) => `follow-notice:${followerId}:${followeeId}`,
  /** Reports a member made (modules/reports). */
  reportsByUser: (userId: string) => `report:user:${userId}`,
  /** Every counter of one account, forgotten with it. */
  ofAccount: (userId: string, email: string) => [
    `login:user:${userId}`, `otp-send:user:${userId}`, `otp-send:email:${email}`, `upload:user:${userId}`, `contact:user:${userId}`,
    `geocode:user:${userId}`, `report:user:${userId}`,
  ],
};
