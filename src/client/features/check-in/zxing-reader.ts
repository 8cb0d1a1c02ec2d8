// The QR reader for browsers without BarcodeDetector (Chromium on Linux and Windows, Firefox): ZXing built to
// WebAssembly, loaded only by the check-in page and only when it is needed. Its .wasm file is served from our
// own assets, never from the library's default CDN (a venue's phone may reach nothing else).
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { ReadQr } from './read-qr.ts';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** A reader that grabs the video's frame on a canvas and hands its pixels to ZXing. */
export function zxingQrReader(): ReadQr {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    const [result] = await readBarcodes(frame, {
      formats: ['QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    return result?.isValid ? result.text : null;
  };
}
