// The part of the qrcode package (no bundled types) the server uses: an otpauth URI as a PNG data URL.
declare module 'qrcode' {
  export function toDataURL(
    text: string,
    options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; margin?: number; width?: number },
  ): Promise<string>;
  const qrcode: { toDataURL: typeof toDataURL };
  export default qrcode;
}
