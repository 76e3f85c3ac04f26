/**
 * Words the spec gives several forms at once (§6, §8 "Events and skills"), kept in one place so the
 * boards' forms cannot drift apart by a letter.
 */
export const SUBMIT_MESSAGES = {
  /** An event, skill, need or trip sent without a login (§6): the same sentence for every form. */
  unauthorized: 'Unauthorized: You are not logged in. Please log in to submit an event.',
  /** The success dialog of the event and the skill forms (§8: "also for skills"). */
  success: 'Success',
  created: 'Event created!',
  /** Their failure dialog: the error's message, else this. */
  error: 'Error',
  failed: 'Submission failed',
} as const;
