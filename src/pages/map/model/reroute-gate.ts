/**
 * Lets a re-route through at most once per `intervalMs` (spec §9: every 5 s at most), however often
 * the position says the traveller is off the route.
 */
export function createRerouteGate(intervalMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  return {
    tryPass(): boolean {
      const at = now();
      if (at - last < intervalMs) return false;
      last = at;
      return true;
    },
    reset() {
      last = -Infinity;
    },
  };
}
