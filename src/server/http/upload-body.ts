import type { MultipartFile } from '@fastify/multipart';
import { Problem } from './problem.ts';

/**
 * The uploaded file's bytes, refused as soon as it passes the route's size limit. (The plugin's
 * toBuffer() would read the rest of a 1 GB body before saying no.) The answer closes the connection,
 * so the client stops sending.
 */
export async function readUpload(file: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.file) {
    if (file.file.truncated) {
      throw new Problem(413, 'Content Too Large', 'The file is too large.', undefined, {
        connection: 'close',
      });
    }
    chunks.push(chunk as Buffer);
  }
  if (file.file.truncated) {
    throw new Problem(413, 'Content Too Large', 'The file is too large.', undefined, { connection: 'close' });
  }
  return Buffer.concat(chunks);
}
