export type Greeting = 'Good Morning' | 'Good Afternoon' | 'Good Evening';

/** Spec §2 Home: by local hour, cut-offs at 12 and 18 (§9). */
export function getGreeting(date: Date = new Date()): Greeting {
  const hour = date.getHours();
  if (hour < 12) return 'Good Morning';
  if (hour < 18) return 'Good Afternoon';
  return 'Good Evening';
}
