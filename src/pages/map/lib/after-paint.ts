/**
 * Runs `run` in a task after the browser's next paint (a frame, then a timer: the frame's callbacks
 * run before it paints). Answers a function that cancels it, for an effect's cleanup.
 */
export function afterPaint(run: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
