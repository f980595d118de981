import type { CSSProperties } from 'react';
import type { CurrentUser } from '../session/currentUser';

export type Branding = CurrentUser['branding'];

/**
 * Black or white, whichever reads better on a background colour (#rrggbb): WCAG's relative
 * luminance against the two contrast ratios.
 */
export function textOn(background: string): '#000000' | '#ffffff' {
  const channel = (hex: string) => {
    const value = parseInt(hex, 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [1, 3, 5].map((at) => channel(background.slice(at, at + 2)));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

const COLOUR = /^#[0-9A-Fa-f]{6}$/;

/** The header's look: the navigation bar colour with a readable text colour, and the background image. */
export function headerStyle(branding: Branding | undefined): CSSProperties | undefined {
  if (!branding) return undefined;
  const colour = branding.nav_bar_colour && COLOUR.test(branding.nav_bar_colour) ? branding.nav_bar_colour : null;
  if (!colour && !branding.background_image) return undefined;
  return {
    ...(colour && { backgroundColor: colour, '--header-text': textOn(colour) }),
    ...(branding.background_image && {
      backgroundImage: `url("${encodeURI(branding.background_image)}")`,
      backgroundSize: 'cover',
      backgroundPosition: 'center',
    }),
  } as CSSProperties;
}

/** The page's fonts: the heading and body fonts as CSS custom properties the stylesheet reads. */
export function fontStyle(branding: Branding | undefined): CSSProperties | undefined {
  if (!branding?.heading_font && !branding?.text_body_font) return undefined;
  return {
    ...(branding.heading_font && { '--brand-heading-font': branding.heading_font }),
    ...(branding.text_body_font && { '--brand-body-font': branding.text_body_font }),
  } as CSSProperties;
}
