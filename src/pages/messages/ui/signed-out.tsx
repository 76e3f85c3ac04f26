/** Spec §2: a message's time as hour:minute. */
export const hourMinute = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

export const fullName = (user: { firstName: string; lastName: string; username: string }) => `${user.firstName} ${user.lastName}`.trim() || user.username;
