import sharp from 'sharp';

/**
 * A 16000 × 16000 PNG of one colour: 256 megapixels, 768 MB once decoded, yet about 0.8 MB of file. A photo
 * upload must refuse it from its header, before decoding it.
 */
export async function pixelBombPng(): Promise<Buffer> {
  const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#2f5d3a' } })
    .png()
    .toBuffer();
  return sharp(dot).resize(16_000, 16_000, { kernel: 'nearest' }).png({ compressionLevel: 9 }).toBuffer();
}
