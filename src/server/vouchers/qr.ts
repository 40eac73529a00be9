import QRCode from 'qrcode';
import { voucherRedeemPath } from '#shared/vouchers/links.ts';

/** The QR code's error correction: "M" survives a crease or a scratched phone screen and stays small. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;
/** The e-mail's image, in pixels: sharp at twice the size it is shown at. */
const PNG_WIDTH = 360;

/** What a voucher's QR code opens: the staff screen, ready to redeem it. */
export function voucherQrUrl(publicUrl: string, code: string): string {
  return `${publicUrl}${voucherRedeemPath(code)}`;
}

/** The QR code as an SVG document, for the voucher's page and its printed copy. */
export function voucherQrSvg(publicUrl: string, code: string): Promise<string> {
  return QRCode.toString(voucherQrUrl(publicUrl, code), { ...QR_OPTIONS, type: 'svg' });
}

/** The QR code as a PNG in base64, for an e-mail's inline attachment (outbox messages are plain JSON). */
export async function voucherQrPngBase64(publicUrl: string, code: string): Promise<string> {
  const png = await QRCode.toBuffer(voucherQrUrl(publicUrl, code), {
    ...QR_OPTIONS,
    type: 'png',
    width: PNG_WIDTH,
  });
  return png.toString('base64');
}
