/** A warning sign beside a cell's text; its tooltip (and accessible name) says what is wrong. */
export function WarningIcon({ text }: { text: string }) {
  return (
    <span className="list-cell__warning" role="img" aria-label={text} title={text}>
      ⚠
    </span>
  );
}
