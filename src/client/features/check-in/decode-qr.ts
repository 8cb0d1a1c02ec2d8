import type { ReadQr } from './read-qr.ts';

/** Enough of the Shape Detection API's BarcodeDetector (Android's and Chrome OS's Chrome, Safari 17+). */
interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

// Its own module, which ZXing's reader (loaded by qrReader) uses too: no import circle through it.
export type { ReadQr } from './read-qr.ts';

/** The browser's own QR reader, or null when it has none. */
export async function nativeQrReader(): Promise<ReadQr | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  const formats = await Native.getSupportedFormats().catch((): string[] => []);
  if (!formats.includes('qr_code')) return null;
  const detector = new Native({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

/** The browser's own reader where it has one, else ZXing's WebAssembly build (fetched now, not with the page). */
export async function qrReader(): Promise<ReadQr> {
  const native = await nativeQrReader();
  if (native) return native;
  const { zxingQrReader } = await import('./zxing-reader.ts');
  return zxingQrReader();
}

/** The check-in code in what a QR code says: the code alone, or inside a link. */
export function checkInCodeIn(text: string) {
  return /(?:^|[^0-9a-f])([0-9a-f]{32})(?:$|[^0-9a-f])/i.exec(text)?.[1]?.toLowerCase() ?? null;
}
