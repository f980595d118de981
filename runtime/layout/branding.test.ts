import { describe, expect, it } from 'vitest';
import { fontStyle, headerStyle, textOn } from './branding';

const NONE = { image: null, background_image: null, nav_bar_colour: null, footer_text: null, heading_font: null, text_body_font: null };

describe('branding applied to the portal', () => {
  it('writes white on dark colours and black on light ones', () => {
    expect(textOn('#1f4e79')).toBe('#ffffff');
    expect(textOn('#2e7d32')).toBe('#ffffff');
    expect(textOn('#ffeb3b')).toBe('#000000');
    expect(textOn('#ffffff')).toBe('#000000');
  });

  it('colours the header only for an organisation with a colour or background image', () => {
    expect(headerStyle(NONE)).toBeUndefined();
    expect(headerStyle({ ...NONE, nav_bar_colour: '#1f4e79' })).toEqual({ backgroundColor: '#1f4e79', '--header-text': '#ffffff' });
    expect(headerStyle({ ...NONE, nav_bar_colour: 'red' })).toBeUndefined();
    expect(headerStyle({ ...NONE, background_image: '/api/v1/branding/ab' })).toMatchObject({
      backgroundImage: 'url("/api/v1/branding/ab")',
    });
  });

  it('passes the fonts to the stylesheet', () => {
    expect(fontStyle(NONE)).toBeUndefined();
    expect(fontStyle({ ...NONE, heading_font: 'Georgia' })).toEqual({ '--brand-heading-font': 'Georgia' });
  });
});
