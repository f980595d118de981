/**
 * The portal's one icon set: inline SVG strokes (24×24, in the text's colour), so an icon renders the
 * same on every machine — a glyph from a font (🔍, ▦, ✎) shows as an empty box where the font is missing.
 * Icons are decoration: the button or link around them carries the accessible name.
 */
const PATHS = {
  search: 'M10.5 3a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15zM16 16l5 5',
  tiles: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  rows: 'M4 6h16M4 12h16M4 18h16',
  pencil: 'M4 20l1-4L16 5l3 3L8 19zM14 7l3 3',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
