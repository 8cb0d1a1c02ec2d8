/** Reads the QR code in the video's current frame, or null when the frame has none. */
export type ReadQr = (video: HTMLVideoElement) => Promise<string | null>;
