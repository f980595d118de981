import { useId, type ReactNode } from 'react';

interface TooltipProps {
  /** The tip: shown by the browser on hover (title) and read by screen readers (aria-describedby). */
  text: string;
  children: ReactNode;
}

/** A plain tooltip around an element (the stock button, a limited quantity input…). */
export function Tooltip({ text, children }: TooltipProps) {
  const id = useId();
  return (
    <span className="tooltip" title={text} aria-describedby={id}>
      {children}
      <span id={id} className="visually-hidden">
        {text}
      </span>
    </span>
  );
}
