import { useEffect, useState } from 'react';

const TYPE_MS = 120;
const DELETE_MS = 50;
const HOLD_MS = 1800;
const CURSOR =
  "after:ml-0.5 after:inline-block after:w-[2px] after:animate-pulse after:bg-current after:align-middle after:content-['_']";

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Types the text, holds, deletes it (50 ms a letter, as before) and starts again; static for reduced motion. */
export function Typewriter({ text, className }: { text: string; className?: string }) {
  const [shown, setShown] = useState(text);
  // Decided in the browser, after the first render: the server's page shows the whole text, still.
  const [animate, setAnimate] = useState(false);
  useEffect(() => {
    setAnimate(!prefersReducedMotion());
  }, []);

  useEffect(() => {
    if (!animate) return;
    let length = 0;
    let deleting = false;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      length += deleting ? -1 : 1;
      setShown(text.slice(0, length));
      let delay = deleting ? DELETE_MS : TYPE_MS;
      if (length === text.length) [deleting, delay] = [true, HOLD_MS];
      else if (length === 0) [deleting, delay] = [false, TYPE_MS * 3];
      timer = setTimeout(step, delay);
    };
    setShown('');
    timer = setTimeout(step, TYPE_MS);
    return () => clearTimeout(timer);
  }, [text, animate]);

  return (
    <span className={className}>
      <span className="sr-only">{text}</span>
      {/* The cursor is drawn after the text rather than being an element of its own: an element moving along
          as letters are typed is a layout shift (CLS), which the text growing in place is not. */}
      <span aria-hidden="true" className={animate ? CURSOR : undefined}>
        {shown}
      </span>
    </span>
  );
}
